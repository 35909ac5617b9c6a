import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../remote-map-file.ts';
import { buildContentSecurityPolicy, httpOrigin } from './content-security-policy.ts';
import { connectOriginsOf, remoteOriginsOf, shellHtmlHeaders } from './security-headers.ts';

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
    expect(first['connect-src']).toEqual(["'self'", 'http://localhost:5001', 'http://localhost:5010']);
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

  it('still sends a strict policy when the environment files are missing or broken', () => {
    shellDir = mkdtempSync(join(tmpdir(), 'csp-test-'));
    writeFileSync(join(shellDir, 'remotes.json'), '{ not json');
    const policy = directives(shellHtmlHeaders(shellDir)()['Content-Security-Policy'] ?? '');
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});
