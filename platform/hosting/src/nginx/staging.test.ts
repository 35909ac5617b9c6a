/**
 * Staging's nginx (AGENCY_STAGING=on, issue 44 item 4): a second master serves staging's own deploy folder,
 * <deploy>/staging, on staging's ports (the base + 30), its files in <deploy>/staging/nginx/; production's nginx
 * goes on serving production's folders alone. Real nginx, real files.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stagingPortShift } from 'build-config/topology';
import { nginxSettings } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, makeTestDeploy, send, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { nginxDir, serveDeployWithNginx, serveStagingWithNginx } from './serve.ts';

const missing = !toolInstalled('nginx');

let site: TestDeploy;
const manifest = '/1.0.0/mf-manifest.json';

beforeAll(() => {
  if (missing) return;
  site = makeTestDeploy();
  // Staging's deploy: a whole deploy of its own inside production's, its marketing manifest told apart.
  const staging = makeTestDeploy();
  renameSync(staging.deploy, join(site.deploy, 'staging'));
  writeFileSync(
    join(site.deploy, 'staging', 'mf-marketing', '1.0.0', 'mf-manifest.json'),
    '{"name":"mf_marketing","on":"staging"}',
  );
});

afterAll(() => {
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

describe.skipIf(missing)('staging served by nginx', () => {
  it("serves staging's folder on staging's ports beside production's, each its own files", async () => {
    const base = await freePortBase();
    const settings = nginxSettings({ AGENCY_PORT_BASE: String(base), AGENCY_STAGING: 'on' });
    const production = await serveDeployWithNginx(site.deploy, settings);
    try {
      const staging = await serveStagingWithNginx(site.deploy, settings);
      try {
        const stagingBase = base + stagingPortShift;
        expect((await send(stagingBase + 1, manifest)).body).toBe('{"name":"mf_marketing","on":"staging"}');
        expect((await send(base + 1, manifest)).body).toBe('{"name":"mf_marketing"}');
        expect((await send(stagingBase, '/services')).status).toBe(200);
        // Production's nginx never serves staging's folder.
        expect((await send(base, '/staging/mf-marketing/1.0.0/mf-manifest.json')).status).toBe(404);
        const dir = nginxDir(join(site.deploy, 'staging'));
        expect(readFileSync(join(dir, 'nginx.pid'), 'utf8').trim()).toBe(String(staging.pid));
        expect(readFileSync(join(dir, 'nginx.conf'), 'utf8')).toContain(`:${stagingBase}`);
        expect(existsSync(join(dir, 'site.js'))).toBe(true);
      } finally {
        await staging.stop();
      }
      // Production's goes on when staging's stops.
      expect((await send(base + 1, manifest)).status).toBe(200);
    } finally {
      await production.stop();
    }
  }, 60_000);
});
