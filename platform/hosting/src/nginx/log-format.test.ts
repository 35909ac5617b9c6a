/**
 * The access log: ops/nginx/log-format.conf is the format the generated configuration writes, and nginx writes
 * one JSON object per request with the fields an operator greps, a page's variant folder among them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { nginxSettings } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, makeTestDeploy, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { accessLogFormatFile } from './log-format.ts';
import { nginxDir, serveDeployWithNginx } from './serve.ts';

const missing = !toolInstalled('nginx');
let site: TestDeploy;

beforeAll(() => {
  if (!missing) site = makeTestDeploy();
});

afterAll(() => {
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

describe('the access log', () => {
  it('is defined once: ops/nginx/log-format.conf is rendered from log-format.ts', () => {
    expect(readFileSync(join(repoRoot, 'ops', 'nginx', 'log-format.conf'), 'utf8')).toBe(
      accessLogFormatFile(),
    );
  });

  it.skipIf(missing)(
    'is written by nginx as JSON lines: path without the query, the variant served, status, times',
    async () => {
      const base = await freePortBase();
      const nginx = await serveDeployWithNginx(
        site.deploy,
        nginxSettings({ AGENCY_PORT_BASE: String(base) }),
      );
      try {
        const page = await fetch(`http://127.0.0.1:${base}/services?from=mail`, {
          headers: { Cookie: `agency-bucket=${site.canaryVisitor}` },
        });
        await page.text();
        const missingFile = await fetch(`http://127.0.0.1:${base}/no-such-file.js`);
        await missingFile.text();
      } finally {
        await nginx.stop();
      }
      const lines = readFileSync(join(nginxDir(site.deploy), 'access.log'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const page = lines.find((line) => line.path === '/services');
      expect(page).toMatchObject({ method: 'GET', status: 200, client: '127.0.0.1' });
      expect(page?.served).toMatch(/^\/__agency\/page\/pages\/.+\/services\.html$/);
      expect(page?.served).not.toBe('/__agency/page/pages/services.html');
      expect(typeof page?.request_time).toBe('number');
      expect(typeof page?.bytes).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('from=mail');
      expect(JSON.stringify(lines)).not.toContain(site.canaryVisitor);
      expect(lines.find((line) => line.path === '/no-such-file.js')).toMatchObject({ status: 404 });
    },
    30_000,
  );
});
