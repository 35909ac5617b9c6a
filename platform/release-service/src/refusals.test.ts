import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { UsageError } from 'platform-kit/cli';
import { startCanary } from 'releases/canary/release-canary';
import { ReleaseError } from 'releases/changes/release';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  makeServiceDeploy,
  post,
  printed,
  type Reply,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
  upload,
} from '../testing/service.ts';
import { ensureOperatorKey } from './keys.ts';
import { refusalOf } from './operation.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let service: RunningReleaseService;
let key: string;

// One site for all: each refusal must leave it as it was, which the next one then starts from.
beforeAll(async () => {
  site = makeServiceDeploy();
  // mf-contact runs a canary; mf-marketing and mf-portfolio have one version each.
  startCanary(site.deploy, 'mf_contact', {
    buildDir: remoteBuild(site.work, 'mf_contact'),
    percent: 10,
    settings: loadChangeSettings(serviceEnv),
  });
  service = await startService(site.deploy);
  key = ensureOperatorKey(site.deploy);
}, 60_000);
afterAll(async () => {
  await service.stop();
  site.remove();
});

/** The reply, after checking that every file of the deploy folder (the audit log too) is as it was. */
async function unchanged(send: () => Promise<Reply>): Promise<Reply> {
  const before = digestOf(site.deploy);
  const reply = await send();
  expect(digestOf(site.deploy)).toEqual(before);
  return reply;
}

describe('the release service refuses, changing nothing', () => {
  const cases: Array<[string, () => Promise<Reply>, number, string, RegExp]> = [
    [
      'a build incompatible with the shell',
      () =>
        upload(
          service.url,
          key,
          'mf-marketing',
          remoteBuild(site.work, 'mf_marketing', { incompatible: true }),
        ),
      422,
      'incompatible',
      /mf-marketing is incompatible with the shell, so nothing changed:\n {2}- mf_marketing requires react \^18\.3\.1/,
    ],
    [
      'a canary where one is live',
      () => upload(service.url, key, 'mf-contact', remoteBuild(site.work, 'mf_contact'), '?canary=20'),
      409,
      'conflict',
      /mf-contact already has a canary, \S+ at 10%/,
    ],
    [
      'a promote with no canary',
      () => post(service.url, key, releaseRoutes.promote('mf-portfolio')),
      409,
      'conflict',
      /mf-portfolio has no canary to promote/,
    ],
    [
      'an abort with no canary',
      () => post(service.url, key, releaseRoutes.abort('mf-marketing'), {}),
      409,
      'conflict',
      /mf-marketing has no canary to abort/,
    ],
    [
      'a rollback with nothing earlier',
      () => post(service.url, key, releaseRoutes.rollback('mf-portfolio'), {}),
      409,
      'conflict',
      /is the oldest published version; nothing earlier/,
    ],
    [
      'a rollback to a version never published',
      () => post(service.url, key, releaseRoutes.rollback('mf-portfolio'), { version: '9.9.9-deadbeef' }),
      404,
      'unknown-version',
      /mf-portfolio has no published version "9\.9\.9-deadbeef"/,
    ],
    [
      'a canary of 150%',
      () => upload(service.url, key, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio'), '?canary=150'),
      400,
      'usage',
      /--canary takes the percent of visitors/,
    ],
    [
      'a canary of the shell',
      () => post(service.url, key, `${releaseRoutes.release('shell')}?canary=10`),
      400,
      'usage',
      /The shell has no canary/,
    ],
    [
      'a force that is neither 1 nor 0',
      () => upload(service.url, key, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio'), '?force=yes'),
      400,
      'usage',
      /force is 1 or 0/,
    ],
    [
      'a promote of the shell',
      () => post(service.url, key, releaseRoutes.promote('shell')),
      400,
      'usage',
      /The shell has no canary/,
    ],
    [
      'a rollback of the shell',
      () => post(service.url, key, releaseRoutes.rollback('shell'), {}),
      400,
      'usage',
      /The shell has no rollback/,
    ],
    [
      'a rollback whose body is not JSON',
      async () => {
        const response = await fetch(`${service.url}${releaseRoutes.rollback('mf-portfolio')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: '{"version":',
        });
        return { status: response.status, body: await response.json() };
      },
      400,
      'usage',
      /not JSON/,
    ],
    [
      'a rollback to a version that is not a version name',
      () => post(service.url, key, releaseRoutes.rollback('mf-portfolio'), { version: '../../shell' }),
      400,
      'usage',
      /"version" must be a published version/,
    ],
    [
      'an abort reason over 500 characters',
      () => post(service.url, key, releaseRoutes.abort('mf-contact'), { reason: 'x'.repeat(501) }),
      400,
      'usage',
      /"reason" must be one line of at most 500 characters/,
    ],
    [
      'an abort body over 16 kB',
      () => post(service.url, key, releaseRoutes.abort('mf-contact'), { reason: 'x'.repeat(20_000) }),
      413,
      'too-large',
      /over 16 kB/,
    ],
    [
      'an unknown remote',
      () => post(service.url, key, '/v1/mf-blog/promote'),
      404,
      'unknown-scope',
      /Unknown remote "mf-blog"/,
    ],
    [
      'an unknown route',
      () => post(service.url, key, '/v1/mf-portfolio/deploy'),
      404,
      'not-found',
      /No such route/,
    ],
  ];
  for (const [what, send, status, problem, message] of cases) {
    it(what, async () => {
      const reply = await unchanged(send);
      expect(reply.status, printed(reply) || reply.body.error).toBe(status);
      expect(reply.body.problem).toBe(problem);
      expect(reply.body.error).toMatch(message);
    }, 30_000);
  }

  it('a release of the build that is live already: 200, nothing changed, nothing in the audit', async () => {
    const build = remoteBuild(site.work, 'mf_portfolio');
    await upload(service.url, key, 'mf-portfolio', build);
    const audited = readAudit(site.deploy).length;
    const again = await unchanged(() => upload(service.url, key, 'mf-portfolio', build));
    expect(again.status).toBe(200);
    expect(printed(again)).toMatch(/mf-portfolio \S+ was already live; nothing changed\./);
    expect(readAudit(site.deploy)).toHaveLength(audited);
  }, 60_000);

  it('a log or status of an unknown remote, or a log limit that is not a number', async () => {
    for (const path of [
      `${releaseRoutes.log}?remote=mf-blog`,
      `${releaseRoutes.log}?limit=ten`,
      `${releaseRoutes.status}?remote=x`,
    ]) {
      const reply = await get(service.url, key, path);
      expect(reply, path).toMatchObject({ status: 400, body: { problem: 'usage' } });
    }
  });
});

describe('refusalOf', () => {
  it('maps the library’s refusals to statuses, and anything unforeseen to 500', () => {
    expect(refusalOf(new UsageError('x'))).toEqual({ status: 400, problem: 'usage' });
    expect(
      refusalOf(
        new ReleaseError(
          'The shell 1.0.0-a would break remotes that are live here, so nothing changed',
          'incompatible',
        ),
      ),
    ).toEqual({
      status: 422,
      problem: 'incompatible',
    });
    expect(
      refusalOf(
        new ReleaseError('/tmp/x has no mf-manifest.json: is it a build of mf-contact?', 'no-manifest'),
      ),
    ).toEqual({
      status: 400,
      problem: 'no-manifest',
    });
    expect(
      refusalOf(new ReleaseError('mf-contact 1.0.0-a differs from what its release recorded (a.js)')),
    ).toEqual({
      status: 409,
      problem: 'conflict',
    });
    expect(refusalOf(new Error('EACCES: permission denied'))).toEqual({ status: 500, problem: 'failed' });
  });

  it('reads the refusal made where it happened, never its words (issue 43)', () => {
    // The words of an incompatible build, as a plain refusal: still a plain refusal.
    expect(
      refusalOf(new ReleaseError('mf-contact is incompatible with the shell, so nothing changed')),
    ).toEqual({
      status: 409,
      problem: 'conflict',
    });
    expect(refusalOf(new ReleaseError('worded any way at all', 'unknown-version'))).toEqual({
      status: 404,
      problem: 'unknown-version',
    });
  });
});
