import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { contentDigestHeader, releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { readPreviewSecret, signPreviewClaim } from 'deploy-folder/preview/token';
import { remoteMapFile } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { pagesDir, previewSecretFile } from 'deploy-model/layout';
import { hostSettings } from 'platform-kit/settings/hosts';
import { packBuild } from 'release-client/pack';
import { siteRoots } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  digestOf,
  makeServiceDeploy,
  post,
  printed,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
} from '../testing/service.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

/*
 * A preview made through the real release service (its operation in a child process, the real prerender worker
 * writing the pages) and opened at the real static host over the same deploy folder.
 */

let site: ServiceDeploy;
let service: RunningReleaseService;
let host: Server[] = [];
let hostUrl = '';
let portfolioKey: string;
let operatorKey: string;
let previewLink = '';
let previewVersion = '';

async function uploadPreview(
  key: string,
  scope: 'mf-portfolio' | 'mf-marketing',
  buildDir: string,
  query = '',
) {
  const { archive, digest } = await packBuild(buildDir);
  const response = await fetch(`${service.url}${releaseRoutes.preview(scope)}${query}`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/gzip', [contentDigestHeader]: digest },
    body: new Uint8Array(archive),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const env = { ...serviceEnv, AGENCY_SITE_URL: 'http://127.0.0.1:1' };

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, env);
  operatorKey = ensureOperatorKey(site.deploy);
  portfolioKey = createKey(site.deploy, 'mf-portfolio').key;
  const [shellRoot] = siteRoots(site.deploy, hostSettings({}));
  host = await startStaticHost([
    { ...(shellRoot as NonNullable<typeof shellRoot>), port: 0, host: '127.0.0.1' },
  ]);
  hostUrl = `http://127.0.0.1:${((host[0] as Server).address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await service.stop();
  for (const server of host) server.close();
  site.remove();
});

const page = (cookie?: string, path = '/services') =>
  fetch(`${hostUrl}${path}`, { headers: cookie ? { cookie } : {} }).then((response) => response.text());

const versionsOn = (html: string) => /data-versions="([^"]*)"/.exec(html)?.[1];

const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';

describe('pnpm release <remote> --preview through the release service', () => {
  it('publishes a build without traffic and answers with a link; the map stays as it was', async () => {
    const mapBefore = readFileSync(remoteMapFile(site.deploy));
    const reply = await uploadPreview(portfolioKey, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio'));
    expect(reply.status).toBe(200);
    const text = printed(reply as never);
    previewLink = text.split('\n').at(-1) ?? '';
    expect(previewLink).toMatch(/^http:\/\/127\.0\.0\.1:1\/__preview\?token=[\w-]+\.[\w-]{43}$/);
    previewVersion = /Preview of mf-portfolio (\S+):/.exec(text)?.[1] ?? '';
    expect(previewVersion).not.toBe(site.live.mf_portfolio);
    expect(readFileSync(remoteMapFile(site.deploy))).toEqual(mapBefore);
    expect(statSync(previewSecretFile(site.deploy)).mode & 0o777).toBe(0o600);
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      scope: 'mf-portfolio',
      action: 'preview',
      version: previewVersion,
    });
    // Its pages: prerendered with the preview's version and the other remotes' defaults, and its map.
    const dir = join(pagesDir(site.deploy), 'previews', 'mf-portfolio', previewVersion);
    expect(versionsOn(readFileSync(join(dir, 'services.html'), 'utf8'))).toContain(
      `mf_portfolio@${previewVersion}`,
    );
    expect(readFileSync(join(dir, 'remotes.json'), 'utf8')).toContain(`/${previewVersion}/mf-manifest.json`);
  }, 120_000);

  it('refuses, changing nothing: a key for another remote (403), an unknown version (404), a bad duration', async () => {
    const before = digestOf(site.deploy);
    const forbidden = await uploadPreview(
      portfolioKey,
      'mf-marketing',
      remoteBuild(site.work, 'mf_marketing'),
    );
    expect(forbidden.status).toBe(403);
    const viaJson = await post(service.url, portfolioKey, releaseRoutes.preview('mf-marketing'), {
      version: site.live.mf_marketing,
    });
    expect(viaJson.status).toBe(403);
    const unknown = await post(service.url, portfolioKey, releaseRoutes.preview('mf-portfolio'), {
      version: 'nosuchversion',
    });
    expect([unknown.status, unknown.body.problem]).toEqual([404, 'unknown-version']);
    const tooLong = await post(service.url, portfolioKey, releaseRoutes.preview('mf-portfolio'), {
      version: previewVersion,
      hours: 500,
    });
    expect([tooLong.status, tooLong.body.problem]).toEqual([400, 'usage']);
    expect(digestOf(site.deploy)).toEqual(before);
  }, 60_000);

  it('pnpm release preview <remote> <version> links any published version, the live one included', async () => {
    const reply = await post(service.url, operatorKey, releaseRoutes.preview('mf-portfolio'), {
      version: site.live.mf_portfolio,
      hours: 1,
    });
    expect(reply.status).toBe(200);
    expect(printed(reply).split('\n').at(-1)).toMatch(/\/__preview\?token=/);
  }, 60_000);
});

describe('opening a preview link at the static host', () => {
  const open = (link: string) =>
    fetch(`${hostUrl}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' });

  it('sets the cookie and sends the browser home; that browser alone gets the preview’s pages and map', async () => {
    const response = await open(previewLink);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    const cookie = cookieOf(response);
    expect(response.headers.get('set-cookie')).toMatch(
      /^agency-preview=[\w-]+\.[\w-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax$/,
    );
    expect(versionsOn(await page(cookie))).toContain(`mf_portfolio@${previewVersion}`);
    expect(versionsOn(await page())).toContain(`mf_portfolio@${site.live.mf_portfolio}`);
    const map = await fetch(`${hostUrl}/remotes.json`, { headers: { cookie } }).then((r) => r.text());
    expect(map).toContain(`/${previewVersion}/mf-manifest.json`);
    const everyone = await fetch(`${hostUrl}/remotes.json`).then((r) => r.text());
    expect(everyone).not.toContain(previewVersion);
  });

  it('refuses a tampered, expired, foreign or unknown link with a page saying so, and no cookie', async () => {
    const secret = readPreviewSecret(site.deploy) as string;
    const token = new URL(previewLink).searchParams.get('token') as string;
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const cases: Array<[string, string, number, RegExp]> = [
      ['tampered', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`, 403, /not valid/],
      [
        'signed elsewhere',
        signPreviewClaim('other', { remote: 'mf_portfolio', version: previewVersion, expires }),
        403,
        /not valid/,
      ],
      [
        'expired',
        signPreviewClaim(secret, { remote: 'mf_portfolio', version: previewVersion, expires: 1 }),
        410,
        /expired/,
      ],
      [
        'unknown version',
        signPreviewClaim(secret, { remote: 'mf_portfolio', version: 'nope', expires }),
        404,
        /not available/,
      ],
      ['malformed', 'garbage', 400, /not valid/],
    ];
    for (const [, bad, status, text] of cases) {
      const response = await open(`${hostUrl}/__preview?token=${bad}`);
      expect(response.status).toBe(status);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.text()).toMatch(text);
    }
  });

  it('serves the default pages to a cookie it did not sign, and Exit preview clears it', async () => {
    const forged = `agency-preview=${signPreviewClaim('guess', { remote: 'mf_portfolio', version: previewVersion, expires: 2e9 })}`;
    expect(versionsOn(await page(forged))).toContain(`mf_portfolio@${site.live.mf_portfolio}`);
    const exit = await fetch(`${hostUrl}/__preview/exit`, { redirect: 'manual' });
    expect(exit.status).toBe(303);
    expect(exit.headers.get('set-cookie')).toMatch(/^agency-preview=; Path=\/; Max-Age=0/);
  });

  it('drops an expired preview’s pages the next time the pages are written', async () => {
    const file = join(site.deploy, 'releases', 'previews.json');
    const open = JSON.parse(readFileSync(file, 'utf8')) as Array<{ until: string }>;
    writeFileSync(file, JSON.stringify(open.map((entry) => ({ ...entry, until: '2020-01-01T00:00:00Z' }))));
    const { regeneratePages } = await import('releases/changes/release');
    regeneratePages(site.deploy, loadChangeSettings(env));
    expect(existsSync(join(pagesDir(site.deploy), 'previews'))).toBe(false);
  }, 60_000);
});

describe('pnpm dev <remote> --against: a link to a loopback dev server', () => {
  const devOrigin = 'http://localhost:3102';

  it('is made for a loopback origin only, by a key for that remote', async () => {
    const before = digestOf(site.deploy);
    for (const dev of [
      'http://192.168.1.20:3102',
      'https://dev.example.com',
      'http://localhost.example.com',
    ]) {
      const refused = await post(service.url, portfolioKey, releaseRoutes.preview('mf-portfolio'), { dev });
      expect([refused.status, refused.body.problem]).toEqual([400, 'usage']);
    }
    const forbidden = await post(service.url, portfolioKey, releaseRoutes.preview('mf-marketing'), {
      dev: devOrigin,
    });
    expect(forbidden.status).toBe(403);
    expect(digestOf(site.deploy)).toEqual(before);
  });

  it('opens that remote from the dev server in that browser alone: its map, its page, its policy', async () => {
    const reply = await post(service.url, portfolioKey, releaseRoutes.preview('mf-portfolio'), {
      dev: devOrigin,
    });
    expect(reply.status).toBe(200);
    const link = printed(reply).split('\n').at(-1) ?? '';
    const opened = await fetch(`${hostUrl}${new URL(link).pathname}${new URL(link).search}`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    const cookie = cookieOf(opened);

    const map = JSON.parse(
      await fetch(`${hostUrl}/remotes.json`, { headers: { cookie } }).then((r) => r.text()),
    );
    expect(map.microFrontends.mf_portfolio).toEqual([
      {
        url: `${devOrigin}/mf-manifest.json`,
        metadata: { version: 'dev' },
        deployment: { traffic: 100, default: true },
      },
    ]);
    expect(map.microFrontends.mf_marketing[0].metadata.integrity).toMatch(/^sha384-/);
    const everyone = await fetch(`${hostUrl}/remotes.json`).then((r) => r.text());
    expect(everyone).not.toContain(devOrigin);

    const devPage = await fetch(`${hostUrl}/about`, { headers: { cookie } });
    const policy = devPage.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*${devOrigin}`));
    expect(policy).toMatch(/connect-src [^;]*ws:\/\/localhost:3102/);
    // The shell's own page, rendered in the browser: no prerender holds the dev server's markup.
    expect(versionsOn(await devPage.text())).toBeUndefined();
    const otherPage = await fetch(`${hostUrl}/about`);
    expect(otherPage.headers.get('content-security-policy')).not.toContain(devOrigin);
    expect(versionsOn(await otherPage.text())).toContain('mf_portfolio@');
  });
});
