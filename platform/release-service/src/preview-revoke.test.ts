/**
 * Issue 40, item 6: revoking a key ends the preview links it made, and `pnpm release preview revoke` ends one
 * link or all of a remote's. Links made through the running service, opened at the real embedded static host
 * over the same deploy folder (its open path and the cookie of a preview already open), revoked through the
 * service and by `pnpm release key revoke`, each recorded in the audit log. nginx's njs module runs the same
 * check (deploy-model/preview/verify.ts) over the same file.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentDigestHeader, releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { hostSettings } from 'platform-kit/settings/hosts';
import { packBuild } from 'release-client/pack';
import { siteRoots } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeServiceDeploy,
  post,
  printed,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
} from '../testing/service.ts';
import { runKeyCommand } from './key-command.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let service: RunningReleaseService;
let host: Server[];
let hostUrl: string;
let operatorKey: string;
const env = { ...serviceEnv, AGENCY_SITE_URL: 'http://127.0.0.1:1' };

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, env);
  operatorKey = ensureOperatorKey(site.deploy);
  const [shellRoot] = siteRoots(site.deploy, hostSettings({}));
  host = await startStaticHost([
    { ...(shellRoot as NonNullable<typeof shellRoot>), port: 0, host: '127.0.0.1' },
  ]);
  hostUrl = `http://127.0.0.1:${((host[0] as Server).address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await service?.stop();
  for (const server of host ?? []) server.close();
  site?.remove();
});

/** A link to the live version of the remote, made with the key. */
async function linkWith(
  key: string,
  remote: 'mf-portfolio' | 'mf-marketing' = 'mf-portfolio',
): Promise<string> {
  const name = remote === 'mf-portfolio' ? 'mf_portfolio' : 'mf_marketing';
  const reply = await post(service.url, key, releaseRoutes.preview(remote), { version: site.live[name] });
  expect(reply.status, reply.body.error).toBe(200);
  return printed(reply).split('\n').at(-1) ?? '';
}

/** Opens the link at the host: its status, and the cookie it keeps (when it opened). */
async function open(link: string) {
  const response = await fetch(`${hostUrl}${new URL(link).pathname}${new URL(link).search}`, {
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { status: response.status, cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

/** The remote versions the page a browser with the cookie gets was rendered with. */
const versionsOn = async (cookie: string) =>
  /data-versions="([^"]*)"/.exec(
    await (await fetch(`${hostUrl}/services`, { headers: { cookie } })).text(),
  )?.[1];

/** A new build of mf-portfolio published without traffic through the service: its version and link. */
async function previewBuild(key: string): Promise<{ version: string; link: string }> {
  const { archive, digest } = await packBuild(remoteBuild(site.work, 'mf_portfolio'));
  const response = await fetch(`${service.url}${releaseRoutes.preview('mf-portfolio')}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/gzip',
      [contentDigestHeader]: digest,
    },
    body: new Uint8Array(archive),
  });
  const body = (await response.json()) as { output?: { text: string }[]; error?: string };
  expect(response.status, body.error).toBe(200);
  const text = (body.output ?? []).map((line) => line.text).join('\n');
  return {
    version: /Preview of mf-portfolio (\S+):/.exec(text)?.[1] ?? '',
    link: text.split('\n').at(-1) ?? '',
  };
}

const revoke = (key: string, remote: string, link?: string) =>
  post(service.url, key, releaseRoutes.revokePreviews(remote as 'mf-portfolio'), link ? { link } : {});

describe('preview links end before they expire', () => {
  it('a link made by a key stops opening once the key is revoked, an open preview included', async () => {
    const key = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci').key;
    const { version, link } = await previewBuild(key);
    const other = await linkWith(operatorKey);
    const opened = await open(link);
    expect(opened.status).toBe(303);
    expect(await versionsOn(opened.cookie)).toContain(`mf_portfolio@${version}`);
    runKeyCommand({ action: 'revoke', name: 'portfolio-ci' }, { deploy: site.deploy, out: () => undefined });
    expect((await open(link)).status).toBe(410);
    const page = await fetch(`${hostUrl}/__preview${new URL(link).search}`);
    expect(await page.text()).toContain('This preview link was revoked');
    // The browser that had it open leaves the preview on its next page: the live version again.
    expect(await versionsOn(opened.cookie)).toContain(`mf_portfolio@${site.live.mf_portfolio}`);
    expect(await versionsOn(opened.cookie)).not.toContain(version);
    // A link made by another key still opens.
    expect((await open(other)).status).toBe(303);
  }, 120_000);

  it('pnpm release preview revoke <remote> <link> ends that link alone, recorded in the audit log', async () => {
    const key = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci-2').key;
    const [first, second] = [await linkWith(key), await linkWith(key)];
    const reply = await revoke(key, 'mf-portfolio', first);
    expect(reply.status, reply.body.error).toBe(200);
    expect(printed(reply)).toMatch(/^Revoked the preview link \S+ of mf-portfolio /);
    expect((await open(first)).status).toBe(410);
    expect((await open(second)).status).toBe(303);
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      by: 'portfolio-ci-2',
      from: '127.0.0.1',
      scope: 'mf-portfolio',
      action: 'revoke-preview',
      version: site.live.mf_portfolio,
      reason: expect.stringMatching(/^link \S+ made by portfolio-ci-2$/),
    });
  }, 120_000);

  it('pnpm release preview revoke <remote> ends all of that remote’s links, not another remote’s', async () => {
    const key = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci-3').key;
    const links = [await linkWith(key), await linkWith(operatorKey)];
    const marketing = await linkWith(operatorKey, 'mf-marketing');
    // Links made in the same second as the revocation end with it: let a second pass first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const reply = await revoke(key, 'mf-portfolio');
    expect(reply.status, reply.body.error).toBe(200);
    for (const link of links) expect((await open(link)).status).toBe(410);
    expect((await open(marketing)).status).toBe(303);
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      action: 'revoke-preview',
      version: 'all',
      by: 'portfolio-ci-3',
    });
    // A link made afterwards opens.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await open(await linkWith(key))).status).toBe(303);
  }, 120_000);

  it('a key cannot end another remote’s links; a link of another remote or site is refused, nothing changed', async () => {
    const key = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci-4').key;
    const marketing = await linkWith(operatorKey, 'mf-marketing');
    expect((await revoke(key, 'mf-marketing')).status).toBe(403);
    expect((await revoke(key, 'mf-marketing', marketing)).status).toBe(403);
    const wrong = await revoke(key, 'mf-portfolio', marketing);
    expect([wrong.status, wrong.body.problem]).toEqual([400, 'usage']);
    expect(wrong.body.error).toMatch(/a preview of mf-marketing, not mf-portfolio/);
    const forged = await revoke(key, 'mf-portfolio', 'http://127.0.0.1:1/__preview?token=abc.def');
    expect([forged.status, forged.body.problem]).toEqual([400, 'usage']);
    expect((await open(marketing)).status).toBe(303);
  }, 120_000);
});
