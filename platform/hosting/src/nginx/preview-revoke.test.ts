/**
 * Issue 40, item 6, at both hosts: a preview link revoked (by its key, by its id, or with every link of its
 * remote) stops opening at nginx (njs) as at the embedded host, and a browser already in that preview is served
 * the site as everyone else gets it from its next request on. Same deploy folder, same revocations file.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { revokePreviewLinks } from 'deploy-folder/preview/revocations';
import { ensurePreviewSecret, signPreviewClaim } from 'deploy-folder/preview/token';
import type { PreviewClaim } from 'federation/preview';
import { hostSettings, nginxSettings } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePortBase,
  makeTestDeploy,
  previewVersion,
  send,
  type TestDeploy,
} from '../../testing/nginx-deploy.ts';
import { serveDeploy } from '../serve-deploy.ts';
import { type RunningNginx, serveDeployWithNginx } from './serve.ts';

const missing = !toolInstalled('nginx');
let site: TestDeploy;
let embedded: Server[] = [];
let nginx: RunningNginx | undefined;
const bases = { embedded: 0, nginx: 0 };

beforeAll(async () => {
  if (missing) return;
  site = makeTestDeploy();
  bases.embedded = await freePortBase();
  embedded = await serveDeploy(site.deploy, hostSettings({ AGENCY_PORT_BASE: String(bases.embedded) }));
  bases.nginx = await freePortBase();
  nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(bases.nginx) }));
}, 60_000);
afterAll(async () => {
  await nginx?.stop();
  for (const server of embedded) {
    server.closeAllConnections();
    server.close();
  }
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

let links = 0;
/** A link as the release service makes one now: with its id, its key and when it was made. */
const token = (by: string, issued = Math.floor(Date.now() / 1000)) =>
  signPreviewClaim(ensurePreviewSecret(site.deploy), {
    remote: 'mf_marketing',
    version: previewVersion,
    expires: issued + 3600,
    id: `link-${process.pid}-${++links}`,
    by,
    issued,
  } satisfies PreviewClaim);

const hosts = ['embedded', 'nginx'] as const;
const opens = (host: (typeof hosts)[number], link: string) =>
  send(bases[host], `/__preview?token=${link}`).then((answer) => answer.status);
const mapWith = (host: (typeof hosts)[number], link?: string) =>
  send(bases[host], '/remotes.json', link ? { Cookie: `agency-preview=${link}` } : {}).then(
    (answer) => answer.body,
  );

describe.skipIf(missing)('a revoked preview link, at nginx as at the embedded host', () => {
  it('ends with its key, its id, or every link of its remote; an open preview leaves on its next request', async () => {
    const byKey = token('marketing-ci');
    const byId = token('marketing-ci-2');
    const kept = token('marketing-ci-3');
    for (const host of hosts) {
      for (const link of [byKey, byId, kept]) expect(await opens(host, link), host).toBe(303);
      expect(await mapWith(host, byKey), host).not.toBe(await mapWith(host));
    }
    revokePreviewLinks(site.deploy, { key: 'marketing-ci' });
    const [payload] = byId.split('.');
    const id = JSON.parse(Buffer.from(payload as string, 'base64url').toString()).id as string;
    revokePreviewLinks(site.deploy, { link: id });
    for (const host of hosts) {
      expect(await opens(host, byKey), host).toBe(410);
      expect(await opens(host, byId), host).toBe(410);
      expect(await opens(host, kept), host).toBe(303);
      expect((await send(bases[host], `/__preview?token=${byKey}`)).body, host).toContain(
        'This preview link was revoked',
      );
      // The browser that had it open gets the map everyone gets.
      expect(await mapWith(host, byKey), host).toBe(await mapWith(host));
    }
    revokePreviewLinks(site.deploy, { remote: 'mf_marketing', at: Math.floor(Date.now() / 1000) });
    for (const host of hosts) expect(await opens(host, kept), host).toBe(410);
    // A link made after that opens again.
    const later = token('marketing-ci-3', Math.floor(Date.now() / 1000) + 5);
    for (const host of hosts) expect(await opens(host, later), host).toBe(303);
  }, 60_000);
});
