import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionRoutes } from 'build-config/release-protocol';
import { openDeploy } from 'deploy-folder/deploy';
import { revokePreviewLinks } from 'deploy-folder/preview/revocations';
import { signPreviewClaim } from 'deploy-folder/preview/token';
import { publishRemoteBuild } from 'deploy-folder/publish';
import { previewSessionFile } from 'deploy-model/layout';
import type { PreviewClaim } from 'federation/preview';
import { previewSessionPaths } from 'federation/preview-session';
import { parseRemoteMapDocument } from 'federation/remote-map';
import { hostSettings } from 'platform-kit/settings/hosts';
import { siteRoots } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeServiceDeploy,
  post,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
} from '../testing/service.ts';
import type { RunningReleaseService } from './server.ts';

/*
 * Preview sessions (issue 44, item 2) through the real release service and the real static host over one deploy
 * folder: two teams' links joined into one session, switched remote by remote, refused where a link does not
 * reach, and served to the browser holding it alone.
 */

let site: ServiceDeploy;
let service: RunningReleaseService;
let host: Server[] = [];
let hostUrl = '';
let secret = '';
/** A second published version of mf-portfolio and of mf-contact, neither live. */
const next = { portfolio: '', contact: '' };
const hour = () => Math.floor(Date.now() / 1000) + 3600;

const link = (claim: PreviewClaim) => `http://127.0.0.1:1/__preview?token=${signPreviewClaim(secret, claim)}`;
let portfolioLink = '';
let contactLink = '';

/** A token's claim, read as the shell reads it (base64url JSON before the dot). */
const claimOf = (token: string) =>
  JSON.parse(atob((token.split('.')[0] ?? '').replaceAll('-', '+').replaceAll('_', '/')));

const env = { ...serviceEnv, AGENCY_SITE_URL: 'http://127.0.0.1:1' };

beforeAll(async () => {
  site = makeServiceDeploy();
  const deploy = openDeploy(site.deploy);
  secret = deploy.ensurePreviewSecret();
  next.portfolio = publishRemoteBuild(site.deploy, 'mf_portfolio', remoteBuild(site.work, 'mf_portfolio'));
  next.contact = publishRemoteBuild(site.deploy, 'mf_contact', remoteBuild(site.work, 'mf_contact'));
  const issued = Math.floor(Date.now() / 1000) - 10;
  portfolioLink = link({
    remote: 'mf_portfolio',
    version: next.portfolio,
    expires: hour(),
    id: 'portfolio-link-1',
    by: 'portfolio-ci',
    issued,
  });
  contactLink = link({
    remote: 'mf_contact',
    version: next.contact,
    expires: hour() - 600,
    id: 'contact-link-01',
    by: 'contact-ci',
    issued,
  });
  service = await startService(site.deploy, env);
  const [shellRoot] = siteRoots(site.deploy, hostSettings({}));
  const root = shellRoot as NonNullable<typeof shellRoot>;
  host = await startStaticHost([
    {
      ...root,
      port: 0,
      host: '127.0.0.1',
      preview: { ...root.preview, secret: () => secret, releaseService: service.url },
    },
  ]);
  hostUrl = `http://127.0.0.1:${((host[0] as Server).address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await service.stop();
  for (const server of host) server.close();
  site.remove();
});

const join = (links: unknown) => post(service.url, undefined, sessionRoutes.join, { links });
const switchTo = (session: unknown, remote: unknown, to: unknown) =>
  post(service.url, undefined, sessionRoutes.switch, { session, remote, to });

/** The map the host serves a browser with this cookie (or none), each remote's version. */
async function versionsServed(token?: string) {
  const response = await fetch(`${hostUrl}/remotes.json`, {
    headers: token ? { cookie: `agency-preview=${token}` } : {},
  });
  const document = parseRemoteMapDocument(await response.json(), undefined, { integrity: 'optional' });
  return Object.fromEntries(
    Object.entries(document.microFrontends).map(([name, versions]) => [
      name,
      versions
        ?.map(({ metadata }) => `${metadata.version}${metadata.integrity ? '' : ' (unsealed)'}`)
        .join(' '),
    ]),
  );
}

describe('a preview session of two teams’ links', () => {
  let session = '';

  it('joins them into one session that ends with the first link to end', async () => {
    const reply = await join([portfolioLink, contactLink]);
    expect(reply.status).toBe(200);
    expect(reply.body.picks).toEqual({
      'mf-portfolio': { version: next.portfolio },
      'mf-contact': { version: next.contact },
    });
    session = reply.body.token as string;
    const { expires } = claimOf(session);
    expect(new Date(reply.body.until as string).getTime() / 1000).toBe(expires);
    expect(expires).toBeLessThan(hour() - 500);
    expect(reply.body.link).toBe(`http://127.0.0.1:1/__preview?token=${session}`);
    expect(reply.body.text).toContain(`mf-portfolio ${next.portfolio}, mf-contact ${next.contact}`);
  });

  it('is served to the browser holding it alone: both remotes on their versions, sealed', async () => {
    expect(await versionsServed(session)).toEqual({
      mf_marketing: site.live.mf_marketing,
      mf_portfolio: next.portfolio,
      mf_contact: next.contact,
    });
    expect(await versionsServed()).toEqual({
      mf_marketing: site.live.mf_marketing,
      mf_portfolio: site.live.mf_portfolio,
      mf_contact: site.live.mf_contact,
    });
    const opened = await fetch(`${hostUrl}/__preview?token=${session}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('set-cookie')).toContain(`agency-preview=${session}`);
  });

  it('switches one remote to live, to another version or to a dev server, keeping the end', async () => {
    const live = await switchTo(session, 'mf-contact', 'live');
    expect(live.status).toBe(200);
    expect(live.body.until).toBe((await join([session])).body.until);
    expect(await versionsServed(live.body.token as string)).toMatchObject({
      mf_portfolio: next.portfolio,
      mf_contact: site.live.mf_contact,
    });
    const back = await switchTo(live.body.token, 'mf_portfolio', { version: site.live.mf_portfolio });
    expect(back.status).toBe(200);
    expect(back.body.picks).toEqual({
      'mf-portfolio': { version: site.live.mf_portfolio },
      'mf-contact': { live: true },
    });
    const dev = await switchTo(back.body.token, 'mf-contact', { dev: 'http://localhost:3103' });
    expect(dev.status).toBe(200);
    expect(await versionsServed(dev.body.token as string)).toMatchObject({ mf_contact: 'dev (unsealed)' });
    const page = await fetch(`${hostUrl}/contact`, {
      headers: { cookie: `agency-preview=${dev.body.token}` },
    });
    expect(page.headers.get('content-security-policy')).toContain('script-src');
    expect(page.headers.get('content-security-policy')).toContain('http://localhost:3103');
  });

  it('lists, through the site, what each remote of the session may be switched to', async () => {
    const response = await fetch(`${hostUrl}${previewSessionPaths.options}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { remotes: Array<Record<string, unknown>> };
    expect(body.remotes.map((remote) => remote.folder)).toEqual(['mf-portfolio', 'mf-contact']);
    expect(body.remotes[0]).toMatchObject({
      pick: { version: next.portfolio },
      live: site.live.mf_portfolio,
      devServer: 'http://localhost:3102',
    });
    expect(body.remotes[0]?.versions).toEqual(
      expect.arrayContaining([next.portfolio, site.live.mf_portfolio]),
    );
    expect(JSON.stringify(body)).not.toContain(site.deploy);
    // POST only, at the site as at the service.
    const get = await fetch(`${hostUrl}${previewSessionPaths.options}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const direct = await fetch(`${service.url}${sessionRoutes.options}`);
    expect(direct.status).toBe(405);
    expect(((await direct.json()) as { error: string }).error).toBe(
      'GET /sessions/options is not a route: it takes POST with a JSON body.',
    );
  });

  it('never reaches a remote no link of the session was made for', async () => {
    const reply = await switchTo(session, 'mf-marketing', 'live');
    expect(reply.status).toBe(403);
    expect(reply.body.error).toBe(
      'This session holds no preview link of mf-marketing: add one made by its team (pnpm release preview mf-marketing <version>) first. Nothing changed.',
    );
  });

  it('refuses bad input with a message that says what it takes', async () => {
    const cases: Array<[Promise<{ status: number; body: { error?: string } }>, number, string]> = [
      [join('x'), 400, '"links" must be a list of 1 to 4 preview links (or sessions) of this site.'],
      [join(['nonsense']), 400, 'Link 1 of "links" is not a preview link of this site'],
      [
        switchTo(session, 'mf-nothing', 'live'),
        400,
        '"remote" must be one of mf-marketing, mf-portfolio, mf-contact',
      ],
      [
        switchTo(session, 'mf-contact', 'newest'),
        400,
        '"to" must be "live", { "version": "<a published version>" }',
      ],
      [
        switchTo(session, 'mf-contact', { version: '9.9.9-none' }),
        400,
        'mf-contact 9.9.9-none is not published',
      ],
      [
        switchTo(session, 'mf-contact', { dev: 'http://example.com:3103' }),
        400,
        '"to.dev" must be a dev server on this machine',
      ],
      [
        switchTo(`${session.slice(0, -3)}abc`, 'mf-contact', 'live'),
        400,
        '"session" is not a preview link of this site',
      ],
      [
        post(service.url, undefined, sessionRoutes.switch, {
          session,
          remote: 'mf-contact',
          to: 'live',
          hours: 9,
        }),
        400,
        'The request body has "hours"; it takes only session, remote, to.',
      ],
    ];
    for (const [reply, status, error] of cases) {
      const { status: got, body } = await reply;
      expect({ got, error: body.error?.slice(0, error.length) }).toEqual({ got: status, error });
    }
  });

  it('allows one dev server at a time', async () => {
    const dev = await switchTo(session, 'mf-contact', { dev: 'http://localhost:3103' });
    const second = await switchTo(dev.body.token, 'mf-portfolio', { dev: 'http://localhost:3102' });
    expect(second.status).toBe(400);
    expect(second.body.error).toContain('mf-contact is on a dev server already');
  });

  it('ends when a link it was made from is revoked, for the service and the host alike', async () => {
    const { body } = await join([portfolioLink, contactLink]);
    const token = body.token as string;
    expect(existsSync(previewSessionFile(site.deploy, claimOf(token).id))).toBe(true);
    revokePreviewLinks(site.deploy, { link: 'contact-link-01' });
    const reply = await switchTo(token, 'mf-portfolio', 'live');
    expect(reply.status).toBe(410);
    expect(reply.body.error).toBe('"session" was revoked: ask for a new preview link. Nothing changed.');
    expect(await versionsServed(token)).toMatchObject({ mf_portfolio: site.live.mf_portfolio });
  });
});
