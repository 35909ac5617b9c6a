/**
 * Issue 40, item 7: one grammar for versions. A build whose version a folder or a link could not hold is refused
 * at upload with a 400 that names the grammar, before anything is written; a rollback or a preview link naming
 * such a version is refused alike; and no reply to a team holds a host path, a 500 included.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentDigestHeader, releaseRoutes } from 'build-config/release-protocol';
import { packBuild } from 'release-client/pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  digestOf,
  makeServiceDeploy,
  post,
  type Reply,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
  upload,
} from '../testing/service.ts';
import { runKeyCommand } from './key-command.ts';
import { ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let service: RunningReleaseService;
const logged: string[] = [];
let teamKey = '';
let operatorKey = '';

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, serviceEnv, {
    log: { info: (line) => logged.push(line), error: (line) => logged.push(line) },
  });
  operatorKey = ensureOperatorKey(site.deploy);
  const lines: string[] = [];
  runKeyCommand(
    { action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' },
    {
      deploy: site.deploy,
      out: (text) => lines.push(...text.split('\n')),
    },
  );
  teamKey = lines.at(-1) ?? '';
}, 60_000);
afterAll(async () => {
  await service?.stop();
  site?.remove();
});

/** A build of mf-portfolio whose manifest records `version` as its package version. */
function buildWithVersion(version: string): string {
  const dir = remoteBuild(site.work, 'mf_portfolio');
  const file = join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version };
  writeFileSync(file, JSON.stringify(manifest));
  return dir;
}

/** The build packed as the CLI packs it, POSTed to the route (a release, or a preview of an upload). */
async function send(route: 'releases' | 'previews', buildDir: string): Promise<Reply> {
  const { archive, digest } = await packBuild(buildDir);
  const path =
    route === 'releases' ? releaseRoutes.release('mf-portfolio') : releaseRoutes.preview('mf-portfolio');
  const response = await fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { ...bearer(teamKey), 'content-type': 'application/gzip', [contentDigestHeader]: digest },
    body: new Uint8Array(archive),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

const hostPaths = () => [site.deploy, site.work, tmpdir(), process.cwd()];

describe('one grammar for versions, checked at upload', () => {
  for (const version of [
    '1.0.0+build.7',
    '7'.repeat(300),
    '..',
    '.hidden',
    'a/b',
    '1.0.0\nRelease service: forged',
  ]) {
    const label = version.length > 40 ? `a ${version.length}-character version` : JSON.stringify(version);
    for (const route of ['releases', 'previews'] as const) {
      it(`${label} sent to ${route}: 400 bad-version naming the grammar, nothing written`, async () => {
        const before = digestOf(site.deploy);
        const reply = await send(route, buildWithVersion(version));
        expect([reply.status, reply.body.problem], reply.body.error).toEqual([400, 'bad-version']);
        expect(reply.body.error).toMatch(
          /letters, digits, dots and hyphens, starting with a letter or digit/,
        );
        expect(reply.body.error?.length).toBeLessThan(600);
        for (const path of hostPaths()) expect(reply.body.error).not.toContain(path);
        expect(digestOf(site.deploy)).toEqual(before);
      }, 30_000);
    }
  }

  it('a version of letters, digits, dots and hyphens publishes into its folder', async () => {
    const reply = await upload(service.url, teamKey, 'mf-portfolio', buildWithVersion('2.0.0-rc.1'));
    expect(reply.status, reply.body.error).toBe(200);
    expect(JSON.stringify(reply.body.audit)).toMatch(/"version":"2\.0\.0-rc\.1-[0-9a-f]{8}"/);
  }, 30_000);

  it('a rollback or a preview link naming a version outside the grammar: 400 usage naming it', async () => {
    const before = digestOf(site.deploy);
    for (const [path, version] of [
      [releaseRoutes.rollback('mf-portfolio'), '1.0.0+build.7'],
      [releaseRoutes.rollback('mf-portfolio'), '..'],
      [releaseRoutes.preview('mf-portfolio'), '.hidden'],
      [releaseRoutes.preview('mf-portfolio'), '1'.repeat(65)],
    ] as const) {
      const reply = await post(service.url, teamKey, path, { version });
      expect([reply.status, reply.body.problem], `${path} ${version}`).toEqual([400, 'usage']);
      expect(reply.body.error).toMatch(
        /"version" must be a published version \(a version is 1 to 64 letters/,
      );
    }
    expect(digestOf(site.deploy)).toEqual(before);
  }, 30_000);
});

describe('no reply to a team holds a host path', () => {
  it('a failure on the host is a 500 with a reference; the log has the cause, the operator’s key reads it', async () => {
    const map = join(site.deploy, 'shell', 'remotes.json');
    const kept = readFileSync(map);
    writeFileSync(map, '{ not json');
    try {
      const team = await post(service.url, teamKey, releaseRoutes.rollback('mf-portfolio'), {});
      expect([team.status, team.body.problem]).toEqual([500, 'failed']);
      const reference = /reference ([0-9a-f]{8})/.exec(team.body.error ?? '')?.[1];
      expect(reference, team.body.error).toBeDefined();
      for (const path of hostPaths()) expect(team.body.error).not.toContain(path);
      expect(team.body.error).not.toMatch(/remotes\.json|JSON/);
      const line = logged.find((text) => text.includes(`reference ${reference}`));
      expect(line).toMatch(/failed on the host .*remotes\.json is not valid JSON/);
      const operator = await post(service.url, operatorKey, releaseRoutes.rollback('mf-portfolio'), {});
      expect(operator.status).toBe(500);
      expect(operator.body.error).toMatch(/remotes\.json is not valid JSON/);
    } finally {
      writeFileSync(map, kept);
    }
  }, 30_000);
});
