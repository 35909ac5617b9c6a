/**
 * The runner: nginx started on a deploy's ports as a child, found by its PID and stopped by it; a busy port and
 * a second start on the same deploy refused with clear messages; the services behind it reached with the
 * headers they trust.
 */
import { existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, connect, createServer } from 'node:net';
import { join } from 'node:path';
import { nginxSettings, serviceAddresses } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, makeTestDeploy, send, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { nginxDir, serveDeployWithNginx, upstreamSettings } from './serve.ts';

const missing = !toolInstalled('nginx');

let site: TestDeploy;

beforeAll(() => {
  if (!missing) site = makeTestDeploy();
});

afterAll(() => {
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

const answers = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Processes whose parent is pid (nginx's workers), from /proc. */
const childrenOf = (pid: number) =>
  existsSync(`/proc/${pid}/task/${pid}/children`)
    ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number)
    : [];

describe.skipIf(missing)('serveDeployWithNginx', () => {
  it('serves on the deploy’s ports, keeps its files in <deploy>/nginx, and stops by its PID, workers and all', async () => {
    const base = await freePortBase();
    const nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(base) }));
    const workers = childrenOf(nginx.pid);
    expect(workers.length).toBeGreaterThan(0);
    for (const offset of [0, 1, 2, 3]) expect(await answers(base + offset)).toBe(true);
    const dir = nginxDir(site.deploy);
    for (const name of ['nginx.conf', 'site.js', 'nginx.pid', 'error.log'])
      expect(existsSync(join(dir, name))).toBe(true);
    expect(readFileSync(join(dir, 'nginx.pid'), 'utf8').trim()).toBe(String(nginx.pid));
    await nginx.stop();
    expect(alive(nginx.pid)).toBe(false);
    for (const worker of workers) expect(alive(worker)).toBe(false);
    expect(await answers(base)).toBe(false);
  }, 30_000);

  it('serves a deploy folder reached through a link (nginx follows none on the way to a file)', async () => {
    const link = `${site.deploy}-link`;
    symlinkSync(site.deploy, link, 'dir');
    const base = await freePortBase();
    const nginx = await serveDeployWithNginx(link, nginxSettings({ AGENCY_PORT_BASE: String(base) }));
    try {
      expect((await send(base, '/services')).status).toBe(200);
      expect((await send(base + 1, '/1.0.0/mf-manifest.json')).status).toBe(200);
    } finally {
      await nginx.stop();
      rmSync(link);
    }
  }, 30_000);

  it('refuses a busy port with the embedded host’s message, and leaves nothing running', async () => {
    const base = await freePortBase();
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(base + 2, '127.0.0.1', done));
    try {
      await expect(
        serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(base) })),
      ).rejects.toThrow(`Port ${base + 2} is already in use: stop the other server or set AGENCY_PORT_BASE`);
      expect(await answers(base)).toBe(false);
    } finally {
      holder.close();
    }
  }, 30_000);

  it('refuses a second start on the same deploy while one runs, naming it', async () => {
    const nginx = await serveDeployWithNginx(
      site.deploy,
      nginxSettings({ AGENCY_PORT_BASE: String(await freePortBase()) }),
    );
    try {
      await expect(
        serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(await freePortBase()) })),
      ).rejects.toThrow(`nginx (pid ${nginx.pid}) already serves ${site.deploy}: stop it first`);
    } finally {
      await nginx.stop();
    }
  }, 30_000);

  it('passes the services’ requests on with X-Forwarded-For overwritten, and their own limits only', async () => {
    const seen: IncomingHttpHeaders[] = [];
    // Stands in for the enquiry API: its own 413 for a body over 2 MB, whatever nginx's defaults are (1 MB).
    const service = createHttpServer((request, response) => {
      seen.push(request.headers);
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      request.on('end', () => {
        const tooLarge = size > 2 * 1024 * 1024;
        response.writeHead(tooLarge ? 413 : 200, { 'Content-Type': 'text/plain' });
        response.end(tooLarge ? 'The service’s own message\n' : `got ${size}\n`);
      });
    });
    await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const base = await freePortBase();
    const nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(base) }), {
      upstreams: upstreamSettings(
        { enquiryApi: url, releaseService: url },
        serviceAddresses({ AGENCY_PORT_BASE: String(base) }),
      ),
    });
    try {
      for (const port of [base + 10, base + 11]) {
        const small = await fetch(`http://127.0.0.1:${port}/send-email`, {
          method: 'POST',
          headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' },
          body: 'x'.repeat(1_500_000),
        });
        expect(await small.text()).toBe('got 1500000\n');
        const large = await fetch(`http://127.0.0.1:${port}/send-email`, {
          method: 'POST',
          body: 'x'.repeat(3 * 1024 * 1024),
        });
        expect(large.status).toBe(413);
        expect(await large.text()).toBe('The service’s own message\n');
      }
      expect(seen[0]?.['x-forwarded-for']).toBe('127.0.0.1');
      expect(seen[0]?.['x-forwarded-proto']).toBe('http');
    } finally {
      await nginx.stop();
      service.close();
    }
  }, 60_000);

  it('passes the page devtools’ session paths on the site’s port to the release service, POST only', async () => {
    const seen: string[] = [];
    const service = createHttpServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"ok":true}');
      });
    });
    await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const base = await freePortBase();
    const nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(base) }), {
      upstreams: upstreamSettings(
        { enquiryApi: url, releaseService: url },
        serviceAddresses({ AGENCY_PORT_BASE: String(base) }),
      ),
    });
    try {
      for (const path of ['/__preview/session', '/__preview/session/switch', '/__preview/session/options']) {
        const answer = await fetch(`http://127.0.0.1:${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"session":"x"}',
        });
        expect(await answer.json()).toEqual({ ok: true });
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      expect(seen).toEqual(['POST /sessions', 'POST /sessions/switch', 'POST /sessions/options']);
      expect((await fetch(`http://127.0.0.1:${base}/__preview/session/switch`)).status).toBe(405);
      expect(
        (await fetch(`http://127.0.0.1:${base}/__preview/session/other`, { method: 'POST' })).status,
      ).not.toBe(200);
      expect(seen).toHaveLength(3);
    } finally {
      await nginx.stop();
      service.close();
    }
  }, 60_000);

  it('believes X-Forwarded-For from a trusted proxy only (realip), and passes the services the visitor alone', async () => {
    const seen: Array<string | undefined> = [];
    const service = createHttpServer((request, response) => {
      seen.push(request.headers['x-forwarded-for'] as string | undefined);
      response.end('ok\n');
    });
    await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const addressSeenBehind = async (trusted: string, forwarded: string) => {
      const base = await freePortBase();
      const nginx = await serveDeployWithNginx(
        site.deploy,
        nginxSettings({ AGENCY_PORT_BASE: String(base), AGENCY_TRUST_PROXY_FROM: trusted }),
        {
          upstreams: upstreamSettings(
            { enquiryApi: url, releaseService: url },
            serviceAddresses({ AGENCY_PORT_BASE: String(base), AGENCY_TRUST_PROXY_FROM: trusted }),
          ),
        },
      );
      try {
        const answer = await fetch(`http://127.0.0.1:${base + 10}/beacon`, {
          headers: { 'X-Forwarded-For': forwarded },
        });
        await answer.text();
        return seen.pop();
      } finally {
        await nginx.stop();
      }
    };
    try {
      // This client (127.0.0.1) is not among the trusted: its forged header is ignored.
      expect(await addressSeenBehind('192.0.2.0/24', '203.0.113.9')).toBe('127.0.0.1');
      // Trusted: the visitor is the entry before it, past every trusted proxy's own.
      expect(await addressSeenBehind('127.0.0.0/8', '203.0.113.9')).toBe('203.0.113.9');
      expect(await addressSeenBehind('127.0.0.0/8,192.0.2.7', '198.51.100.4, 203.0.113.9, 192.0.2.7')).toBe(
        '203.0.113.9',
      );
    } finally {
      service.close();
    }
  }, 60_000);
});
