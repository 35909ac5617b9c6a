/**
 * The generated configuration: nginx -t accepts it (plain, with the services, with TLS), a TLS site answers
 * over https with Strict-Transport-Security and Secure cookies, X-Forwarded-Proto is believed from trusted
 * proxies exactly as the embedded host believes it, and bad input to pnpm nginx-config is refused, saying why.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, makeTestDeploy, send, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { reachedOverHttps } from '../static-host/proxy.ts';
import { forwardedHttpsPattern } from './config.ts';
import { nginxBinary } from './serve.ts';

const missing = !toolInstalled('nginx');

let site: TestDeploy;
let work: string;

beforeAll(() => {
  if (missing) return;
  site = makeTestDeploy();
  work = mkdtempSync(join(tmpdir(), 'nginx-config-test-'));
});

afterAll(() => {
  if (site) rmSync(site.deploy, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

function nginxConfigCommand(args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'platform', 'cli', 'src', 'main.ts'), 'nginx-config', ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    },
  );
}

function selfSignedCertificate(dir: string) {
  const certificate = join(dir, 'site.crt');
  const key = join(dir, 'site.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return { certificate, key };
}

/** Runs a written configuration in the foreground; resolves once the given port answers. */
async function runConfig(configFile: string, port: number): Promise<ChildProcess> {
  const dir = join(configFile, '..');
  const child = spawn(
    nginxBinary,
    ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', configFile, '-g', 'daemon off;'],
    {
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await send(port, '/runtime.json');
      return child;
    } catch {
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not answer on ${port}`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGQUIT');
  });

function httpsGet(port: number, path: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response);
    })
      .on('error', reject)
      .end();
  });
}

describe.skipIf(missing)('pnpm nginx-config', () => {
  it('writes a configuration and its njs module that nginx -t accepts, with the services behind it', () => {
    const out = join(work, 'plain', 'nginx.conf');
    const result = nginxConfigCommand(['--out', out, '--deploy', site.deploy, '--services']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('nginx -t accepts it.');
    const config = readFileSync(out, 'utf8');
    expect(config).toContain(`js_import site from "${join(work, 'plain', 'site.js')}";`);
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(config).toContain('brotli_static on;');
  }, 60_000);

  it('serves https on every port with Strict-Transport-Security on every answer and Secure cookies', async () => {
    const dir = join(work, 'tls');
    const { certificate, key } = selfSignedCertificate(work);
    const base = await freePortBase();
    const out = join(dir, 'nginx.conf');
    const result = nginxConfigCommand(
      [
        '--out',
        out,
        '--deploy',
        site.deploy,
        '--tls-certificate',
        certificate,
        '--tls-key',
        key,
        '--server-name',
        'localhost',
      ],
      { AGENCY_PORT_BASE: String(base) },
    );
    expect(result.status).toBe(0);
    let child: ChildProcess | undefined;
    try {
      child = spawn(
        nginxBinary,
        ['-p', `${dir}/`, '-e', join(dir, 'error.log'), '-c', out, '-g', 'daemon off;'],
        {
          stdio: 'ignore',
        },
      );
      let page: IncomingMessage | undefined;
      for (let attempt = 0; attempt < 100 && !page; attempt += 1) {
        page = await httpsGet(base, '/services').catch(() => undefined);
        if (!page) await new Promise((wait) => setTimeout(wait, 50));
      }
      expect(page?.statusCode).toBe(200);
      expect(page?.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page?.headers['set-cookie'])).toMatch(/; SameSite=Lax; Secure$/);
      const missingFile = await httpsGet(base + 1, '/nope.js');
      expect(missingFile.statusCode).toBe(404);
      expect(missingFile.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      if (child) await stop(child);
    }
  }, 30_000);

  it('believes X-Forwarded-Proto only from trusted proxies, as the embedded host does', async () => {
    const base = await freePortBase();
    const out = join(work, 'proxied', 'nginx.conf');
    expect(
      nginxConfigCommand(['--out', out, '--deploy', site.deploy], {
        AGENCY_PORT_BASE: String(base),
        AGENCY_TRUST_PROXY: '1',
      }).status,
    ).toBe(0);
    const child = await runConfig(out, base);
    try {
      const proxied = await send(base, '/services', { 'X-Forwarded-Proto': 'https' });
      expect(proxied.status).toBe(200);
      expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(proxied.headers['set-cookie'])).toMatch(/; Secure$/);
      const forged = await send(base, '/services', { 'X-Forwarded-Proto': 'https, http' });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
      expect(String(forged.headers['set-cookie'])).not.toMatch(/Secure/);
    } finally {
      await stop(child);
    }
  }, 30_000);

  it('reads the proxies’ entries of X-Forwarded-Proto as static-host/proxy.ts reads them, for 1 to 3 proxies', () => {
    const headers = [
      'https',
      'http',
      'HTTPS',
      ' https ',
      'http, https',
      'https, http',
      'https, http, http',
      'http, https, http',
      'http,http,https',
      'x, https, http, http',
      '',
    ];
    for (const hops of [1, 2, 3]) {
      const pattern = new RegExp(forwardedHttpsPattern(hops).replace(/^~\*/, ''), 'i');
      for (const header of headers) {
        const request = {
          socket: {},
          headers: { 'x-forwarded-proto': header },
        } as unknown as IncomingMessage;
        expect([hops, header, pattern.test(header)]).toEqual([hops, header, reachedOverHttps(request, hops)]);
      }
    }
  });

  it.each([
    { args: ['--deploy', '.'], message: 'Say where to write the configuration: --out <file>.' },
    { args: ['--out', 'x.conf', '--bogus'], message: "Unknown option '--bogus'." },
    {
      args: ['--out', 'x.conf', '--tls-key', 'k.pem'],
      message: 'TLS needs both --tls-certificate and --tls-key.',
    },
    { args: ['--out', 'x.conf', '--server-name', 'a;b'], message: '--server-name takes host names' },
    { args: ['--out', 'x.conf', '--user', 'root; evil'], message: '--user takes a user name' },
    {
      args: [
        '--out',
        'x.conf',
        '--trust-proxy-from',
        '10.0.0.0/8',
        '--trust-proxy-from',
        '10.0.0.0/33; evil',
      ],
      message: '--trust-proxy-from takes an address or CIDR range, got "10.0.0.0/33; evil".',
    },
    {
      args: ['--out', 'x.conf', '--deploy', '/no/such/deploy'],
      message: 'There is no deploy folder at /no/such/deploy',
    },
  ])(
    'refuses $args with exit 2, saying why',
    ({ args, message }) => {
      const result = nginxConfigCommand(args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('usage: pnpm nginx-config --out <file>');
    },
    30_000,
  );
});
