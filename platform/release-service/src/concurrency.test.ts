import { request } from 'node:http';
import { contentDigestHeader, releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { publishedVersions } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { defaultEntry } from 'deploy-model/canary/map';
import { packBuild } from 'release-client/pack';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  get,
  post,
  printed,
  type Reply,
  remoteBuild,
  startTestService,
  type TestService,
  upload,
} from '../testing/service.ts';
import { createKey } from './keys.ts';

let site: TestService;

beforeEach(async () => {
  site = await startTestService();
});
afterEach(() => site.stop());

const liveVersion = (name: 'mf_marketing' | 'mf_portfolio' | 'mf_contact') =>
  defaultEntry(readRemoteMapDocument(site.deploy), name)?.metadata.version;

/** An upload whose first half is sent now and the rest when `finish` is called: a release still uploading. */
async function slowUpload(key: string, scope: 'mf-portfolio', buildDir: string) {
  const { archive, digest } = await packBuild(buildDir);
  const half = Math.floor(archive.length / 2);
  const sent = request(`${site.url}${releaseRoutes.release(scope)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/gzip',
      [contentDigestHeader]: digest,
      'content-length': archive.length,
    },
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    sent.once('error', reject);
    sent.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        }),
      );
    });
  });
  sent.write(archive.subarray(0, half));
  return { reply, finish: () => sent.end(archive.subarray(half)) };
}

describe('the release service: one change per remote at a time', () => {
  it('holds nothing for a release still uploading: another change of that remote goes ahead meanwhile, and the upload then lands', async () => {
    const portfolioKey = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci').key;
    const operatorKey = site.keys.operator;
    const first = await slowUpload(portfolioKey, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio'));
    // Half of it is in; it is not a change yet (issue 40: a stalled upload held its remote for 336 s).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get(site.url, undefined, releaseRoutes.health)).body.status).toBe('idle');

    const second = await upload(
      site.url,
      operatorKey,
      'mf-portfolio',
      remoteBuild(site.work, 'mf_portfolio'),
    );
    expect(second.status, printed(second)).toBe(200);
    const operators = liveVersion('mf_portfolio');
    expect(operators).not.toBe(site.live.mf_portfolio);
    const promote = await post(site.url, operatorKey, releaseRoutes.promote('mf-portfolio'));
    expect(promote).toMatchObject({ status: 409, body: { problem: 'conflict' } });

    first.finish();
    const done = await first.reply;
    expect(done.status, printed(done)).toBe(200);
    expect(liveVersion('mf_portfolio')).not.toBe(operators);
    expect(publishedVersions(site.deploy, 'mf-portfolio').map(({ version }) => version)).toEqual([
      site.live.mf_portfolio,
      operators,
      liveVersion('mf_portfolio'),
    ]);
    expect(readAudit(site.deploy).map(({ by, scope }) => [by, scope])).toEqual([
      ['operator', 'mf-portfolio'],
      ['portfolio-ci', 'mf-portfolio'],
    ]);
    expect((await get(site.url, undefined, releaseRoutes.health)).body.status).toBe('idle');
  }, 60_000);

  it('lets two teams release at the same moment: both land', async () => {
    const portfolioKey = createKey(site.deploy, 'mf-portfolio').key;
    const contactKey = createKey(site.deploy, 'mf-contact').key;
    const [portfolio, contact] = await Promise.all([
      upload(site.url, portfolioKey, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio')),
      upload(site.url, contactKey, 'mf-contact', remoteBuild(site.work, 'mf_contact')),
    ]);
    expect(portfolio.status, printed(portfolio)).toBe(200);
    expect(contact.status, printed(contact)).toBe(200);
    expect(liveVersion('mf_portfolio')).not.toBe(site.live.mf_portfolio);
    expect(liveVersion('mf_contact')).not.toBe(site.live.mf_contact);
    expect(liveVersion('mf_marketing')).toBe(site.live.mf_marketing);
    expect(new Set(readAudit(site.deploy).map(({ scope }) => scope))).toEqual(
      new Set(['mf-portfolio', 'mf-contact']),
    );
  }, 60_000);

  it('lets one of two releases of the same remote at the same moment win; the other gets 409', async () => {
    const key = createKey(site.deploy, 'mf-portfolio').key;
    const replies = await Promise.all([
      upload(site.url, key, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio')),
      upload(site.url, key, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio')),
    ]);
    expect(replies.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(replies.find(({ status }) => status === 409)?.body.problem).toBe('busy');
    expect(readAudit(site.deploy)).toHaveLength(1);
    expect(publishedVersions(site.deploy, 'mf-portfolio')).toHaveLength(2);
  }, 60_000);
});
