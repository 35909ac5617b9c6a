import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContentSecurityPolicy, httpOrigin } from 'deploy-model/security/content-security-policy';
import { enquiryApiPaths } from 'shared-content/enquiry/client';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptHashSource, writeInlineScriptsIndex } from './inline-scripts.ts';
import { writeFileAtomic } from './remote-map-file.ts';
import { connectOriginsOf, connectSourcesOf, remoteOriginsOf, shellHtmlHeaders } from './security-headers.ts';

/** A policy as directive name → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

describe('Content-Security-Policy', () => {
  const policy = directives(
    buildContentSecurityPolicy({
      remoteOrigins: ['https://cdn.example.com', 'https://cdn.example.com', 'http://localhost:5002'],
      connectOrigins: ['https://api.example.com', 'https://api.emailjs.com'],
    }),
  );

  it('runs scripts only from the site and the remote origins, never inline or eval', () => {
    expect(policy['script-src']).toEqual(["'self'", 'https://cdn.example.com', 'http://localhost:5002']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it('fetches from the remotes, the enquiry API and EmailJS', () => {
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://cdn.example.com',
      'http://localhost:5002',
      'https://api.example.com',
      'https://api.emailjs.com',
    ]);
  });

  it('allows inline styles (emotion) but no framing by other sites', () => {
    expect(policy['style-src']).toContain("'unsafe-inline'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
  });

  it('reads origins from the remote map and runtime.json, ignoring what is not an http(s) URL', () => {
    expect(
      remoteOriginsOf({
        mf_marketing: 'https://cdn.example.com/mf-marketing/1.0.0-abc/mf-manifest.json',
        mf_portfolio: 'javascript:alert(1)',
        mf_contact: 42,
      }),
    ).toEqual(['https://cdn.example.com']);
    expect(remoteOriginsOf(null)).toEqual([]);
    // A sealed release's entry: the URL with its manifest's SHA-384.
    expect(
      remoteOriginsOf({
        mf_marketing: { url: 'https://a.example.com/v1/mf-manifest.json', integrity: 'sha384-x' },
        mf_portfolio: { url: 'data:text/plain,x' },
      }),
    ).toEqual(['https://a.example.com']);
    // The versioned map: every live version's origin, a canary's included.
    expect(
      remoteOriginsOf({
        schema: 'v1',
        microFrontends: {
          mf_marketing: [
            { url: 'https://a.example.com/v1/mf-manifest.json' },
            { url: 'https://canary.example.com/v2/mf-manifest.json' },
          ],
          mf_portfolio: [{ url: 'ftp://b.example.com/v1/mf-manifest.json' }],
        },
      }),
    ).toEqual(['https://a.example.com', 'https://canary.example.com']);
    expect(
      connectOriginsOf({
        apiUrl: 'https://api.example.com/v1',
        emailjs: { origin: 'https://api.emailjs.com' },
      }),
    ).toEqual(['https://api.example.com', 'https://api.emailjs.com']);
    expect(httpOrigin('not a url')).toBeNull();
  });
});

describe('shell HTML headers', () => {
  let shellDir: string | undefined;
  afterEach(() => shellDir && rmSync(shellDir, { recursive: true, force: true }));

  it('follows remotes.json when a release rewrites it', () => {
    shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    const remotes = join(shellDir, 'remotes.json');
    writeFileSync(remotes, JSON.stringify({ mf_marketing: 'http://localhost:5001/1/mf-manifest.json' }));
    writeFileSync(
      join(shellDir, 'runtime.json'),
      JSON.stringify({ apiUrl: 'http://localhost:5010', emailjs: { origin: 'http://localhost:5010' } }),
    );
    const headers = shellHtmlHeaders(shellDir);
    const first = directives(headers()['Content-Security-Policy'] ?? '');
    expect(first['script-src']).toEqual(["'self'", 'http://localhost:5001']);
    // The API by the exact paths the site calls (its beacon and Web Vitals report among them), never its whole origin.
    expect(first['connect-src']).toEqual([
      "'self'",
      'http://localhost:5001',
      'http://localhost:5010/send-email',
      'http://localhost:5010/subscribe',
      'http://localhost:5010/beacon',
      'http://localhost:5010/vitals',
      'http://localhost:5010/api/v1.0/email/send-form',
    ]);
    writeFileAtomic(
      remotes,
      JSON.stringify({ mf_marketing: 'https://cdn.example.com/m/2/mf-manifest.json' }),
    );
    expect(directives(headers()['Content-Security-Policy'] ?? '')['script-src']).toEqual([
      "'self'",
      'https://cdn.example.com',
    ]);
    expect(headers()['X-Frame-Options']).toBe('DENY');
  });

  it('allows the pages’ inline scripts by hash, and follows their list when the pages are rewritten', () => {
    shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    const pages = join(shellDir, 'pages');
    mkdirSync(pages);
    writeFileSync(join(shellDir, 'remotes.json'), JSON.stringify({}));
    const headers = shellHtmlHeaders(shellDir, pages);
    expect(directives(headers()['Content-Security-Policy'] ?? '')['script-src']).toEqual(["'self'"]);
    writeInlineScriptsIndex(pages, ['loader(1)']);
    expect(directives(headers()['Content-Security-Policy'] ?? '')['script-src']).toEqual([
      "'self'",
      scriptHashSource('loader(1)'),
    ]);
    // Never 'unsafe-inline' for scripts: an inline script not listed stays refused.
    expect(headers()['Content-Security-Policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('still sends a strict policy when the environment files are missing or broken', () => {
    shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    writeFileSync(join(shellDir, 'remotes.json'), '{ not json');
    const policy = directives(shellHtmlHeaders(shellDir)()['Content-Security-Policy'] ?? '');
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});

describe('connect-src for the enquiry API', () => {
  const sources = (policy: string) => directives(policy)['connect-src'];

  it('allows the API’s endpoints by their exact paths, not the whole API origin', () => {
    const connect = sources(
      buildContentSecurityPolicy({
        remoteOrigins: ['https://cdn.example.com'],
        connectOrigins: ['https://api.emailjs.com'],
        connectUrls: [
          'https://api.example.com/v1/send-email',
          'https://api.example.com/v1/subscribe',
          'https://api.example.com/v1/beacon',
        ],
      }),
    );
    expect(connect).toEqual([
      "'self'",
      'https://cdn.example.com',
      'https://api.emailjs.com',
      'https://api.example.com/v1/send-email',
      'https://api.example.com/v1/subscribe',
      'https://api.example.com/v1/beacon',
    ]);
    expect(connect).not.toContain('https://api.example.com');
  });

  it('leaves out an endpoint whose origin is allowed whole, and anything that is not an http(s) URL', () => {
    expect(
      sources(
        buildContentSecurityPolicy({
          remoteOrigins: [],
          connectOrigins: ['http://localhost:5010'],
          connectUrls: ['http://localhost:5010/beacon', 'javascript:alert(1)', 'not a url'],
        }),
      ),
    ).toEqual(["'self'", 'http://localhost:5010']);
  });

  it('writes each endpoint as a source that cannot break the policy: no query, no separators', () => {
    expect(
      sources(
        buildContentSecurityPolicy({
          remoteOrigins: [],
          connectOrigins: [],
          connectUrls: ['https://api.example.com/a;b,c d/beacon?x=1;y#z'],
        }),
      ),
    ).toEqual(["'self'", 'https://api.example.com/a%3Bb%2Cc%20d/beacon']);
  });

  it('reads the endpoints from runtime.json’s apiUrl as the pages build them, and a hosted EmailJS origin whole', () => {
    expect(
      connectSourcesOf({
        apiUrl: 'https://api.example.com/v1/',
        emailjs: { origin: 'https://api.emailjs.com' },
      }),
    ).toEqual({
      origins: ['https://api.emailjs.com'],
      urls: [
        `https://api.example.com/v1${enquiryApiPaths.sendEmail}`,
        `https://api.example.com/v1${enquiryApiPaths.subscribe}`,
        `https://api.example.com/v1${enquiryApiPaths.beacon}`,
        `https://api.example.com/v1${enquiryApiPaths.vitals}`,
      ],
    });
    // The local default: the enquiry API stands in for EmailJS, so its send-form route is one more path.
    expect(
      connectSourcesOf({ apiUrl: 'http://localhost:3010', emailjs: { origin: 'http://localhost:3010/' } }),
    ).toEqual({
      origins: [],
      urls: [
        'http://localhost:3010/send-email',
        'http://localhost:3010/subscribe',
        'http://localhost:3010/beacon',
        'http://localhost:3010/vitals',
        `http://localhost:3010${enquiryApiPaths.sendForm}`,
      ],
    });
    expect(connectSourcesOf({ apiUrl: 'ftp://api.example.com', emailjs: { origin: 42 } })).toEqual({
      origins: [],
      urls: [],
    });
    expect(connectSourcesOf(null)).toEqual({ origins: [], urls: [] });
  });

  it('serves a policy allowing only the API’s endpoints when EmailJS is another origin', () => {
    const shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    try {
      writeFileSync(
        join(shellDir, 'remotes.json'),
        JSON.stringify({ mf_marketing: 'http://localhost:5001/1/mf-manifest.json' }),
      );
      writeFileSync(
        join(shellDir, 'runtime.json'),
        JSON.stringify({ apiUrl: 'http://localhost:5010', emailjs: { origin: 'https://api.emailjs.com' } }),
      );
      expect(sources(shellHtmlHeaders(shellDir)()['Content-Security-Policy'] ?? '')).toEqual([
        "'self'",
        'http://localhost:5001',
        'https://api.emailjs.com',
        'http://localhost:5010/send-email',
        'http://localhost:5010/subscribe',
        'http://localhost:5010/beacon',
        'http://localhost:5010/vitals',
      ]);
    } finally {
      rmSync(shellDir, { recursive: true, force: true });
    }
  });

  it('never allows the API’s origin whole when the API also stands in for EmailJS (the local default)', () => {
    const shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    try {
      writeFileSync(
        join(shellDir, 'runtime.json'),
        JSON.stringify({ apiUrl: 'http://localhost:3010', emailjs: { origin: 'http://localhost:3010' } }),
      );
      expect(sources(shellHtmlHeaders(shellDir)()['Content-Security-Policy'] ?? '')).toEqual([
        "'self'",
        'http://localhost:3010/send-email',
        'http://localhost:3010/subscribe',
        'http://localhost:3010/beacon',
        'http://localhost:3010/vitals',
        'http://localhost:3010/api/v1.0/email/send-form',
      ]);
    } finally {
      rmSync(shellDir, { recursive: true, force: true });
    }
  });
});
