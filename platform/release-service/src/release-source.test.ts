import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDigestHeader, releaseRoutes, type UploadAuditEntry } from 'build-config/release-protocol';
import { readAudit, readAuditWithUploads } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { readVersionSource, versionSourceFile } from 'deploy-folder/version-source';
import { pagesDir } from 'deploy-model/layout';
import { packBuild } from 'release-client/pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  digestOf,
  get,
  makeServiceDeploy,
  printed,
  remoteBuild,
  type ServiceDeploy,
  startService,
  upload,
} from '../testing/service.ts';
import { ensureOperatorKey } from './keys.ts';
import { sourceProblem } from './release-source.ts';
import type { RunningReleaseService } from './server.ts';

const commit = '3f2a9c1d0b7e4a5f6e7d8c9b0a1f2e3d4c5b6a79';
const sourceQuery = (fields: Record<string, string>) => `?${new URLSearchParams(fields)}`;

describe('the source fields an upload names', () => {
  it.each([
    ['commit', commit],
    ['commit', `${commit.slice(0, 7)}+dirty`],
    ['commit', 'a'.repeat(64)],
    ['ref', 'main'],
    ['ref', 'feature/portfolio-count'],
    ['ref', 'v1.4.0'],
    ['ref', '123/merge'],
    ['author', 'Jane Doe'],
    ['author', 'José Núñez'],
    ['author', 'dependabot[bot]'],
    ['author', 'jane@example.com'],
  ] as const)('accepts %s %j', (field, value) => {
    expect(sourceProblem(field, value)).toBeUndefined();
  });

  it.each([
    ['commit', 'HEAD'],
    ['commit', 'abc12'],
    ['commit', 'A'.repeat(40)],
    ['commit', 'a'.repeat(65)],
    ['commit', `${commit}+changed`],
    ['ref', 'a..b'],
    ['ref', '-rf'],
    ['ref', 'x'.repeat(201)],
    ['ref', 'main\r\nSet-Cookie: x'],
    ['ref', 'feature branch'],
    ['author', ''],
    ['author', 'x'.repeat(101)],
    ['author', 'Jane\u001b[31m'],
    ['author', 'Jane\nDoe'],
    ['author', '<script>alert(1)</script>'],
  ] as const)('refuses %s %j, naming the field and its variable', (field, value) => {
    const problem = sourceProblem(field, value);
    expect(problem).toMatch(new RegExp(`^The source's "${field}" must be `));
    expect(problem).toContain(
      `Set AGENCY_RELEASE_${field.toUpperCase()} to name it otherwise. Nothing changed.`,
    );
    // Repeated JSON-escaped and cut: no control character reaches the team's terminal.
    expect(problem).not.toMatch(/\p{Cc}/u);
    expect(problem?.length).toBeLessThan(400);
  });
});

/** Through the real service and its child process: stored with the version, in the map, the status and the log. */
describe('the source of a released version', () => {
  let site: ServiceDeploy;
  let service: RunningReleaseService;
  let key: string;

  beforeAll(async () => {
    site = makeServiceDeploy();
    service = await startService(site.deploy);
    key = ensureOperatorKey(site.deploy);
  }, 60_000);
  afterAll(async () => {
    await service.stop();
    site.remove();
  });

  it('a bad field is refused with 400 naming it, before anything changes', async () => {
    const before = digestOf(site.deploy);
    const build = remoteBuild(site.work, 'mf_portfolio');
    const reply = await upload(
      service.url,
      key,
      'mf-portfolio',
      build,
      sourceQuery({ commit, author: 'x\u0007' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.problem).toBe('usage');
    expect(reply.body.error).toMatch(/^The source's "author" must be a name or CI login/);
    expect(digestOf(site.deploy)).toEqual(before);
  }, 60_000);

  it('is stored with the version, written into the map entry, and shown by the status and the log', async () => {
    const build = remoteBuild(site.work, 'mf_portfolio');
    const fields = { commit: `${commit}+dirty`, ref: 'feature/count', author: 'Jane Doe' };
    const reply = await upload(service.url, key, 'mf-portfolio', build, `${sourceQuery(fields)}&canary=10`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const canary = readAudit(site.deploy, { scope: 'mf-portfolio' }).at(-1);
    expect(canary).toMatchObject({ action: 'canary', source: fields });
    const version = canary?.version as string;
    expect(readVersionSource(site.deploy, 'mf-portfolio', version)).toEqual(fields);

    // The map's entry of the canary names it; the default (uploaded with no source) names none.
    const entries = readRemoteMapDocument(site.deploy).microFrontends.mf_portfolio ?? [];
    expect(entries.find((entry) => entry.metadata.version === version)?.extras?.source).toEqual(fields);
    expect(entries.find((entry) => entry.deployment.default)?.extras).not.toHaveProperty('source');

    const status = printed(await get(service.url, key, `${releaseRoutes.status}?remote=mf-portfolio`));
    expect(status).toMatch(
      new RegExp(`${version} +canary +10% .* from 3f2a9c1d0b7e\\+dirty on feature/count by Jane Doe`),
    );
    const log = printed(await get(service.url, key, `${releaseRoutes.log}?remote=mf-portfolio`));
    expect(log).toContain(
      `canary    ${version} at 10% (was ${site.live.mf_portfolio})  by operator from 127.0.0.1  source 3f2a9c1d0b7e+dirty on feature/count by Jane Doe`,
    );
  }, 60_000);

  it("a preview's own map names its version's source, for the banner; the public map does not list it", async () => {
    const build = remoteBuild(site.work, 'mf_contact');
    const fields = { commit: commit.slice(0, 12), ref: 'v2.0.0', author: 'octocat' };
    const { archive, digest } = await packBuild(build);
    const response = await fetch(
      `${service.url}${releaseRoutes.preview('mf-contact')}${sourceQuery(fields)}`,
      {
        method: 'POST',
        headers: { ...bearer(key), 'content-type': 'application/gzip', [contentDigestHeader]: digest },
        body: new Uint8Array(archive),
      },
    );
    const text = ((await response.json()) as { output?: { text: string }[] }).output?.map(
      (line) => line.text,
    );
    expect(response.status, text?.join('\n')).toBe(200);
    const version = /Preview of mf-contact (\S+):/.exec(text?.join('\n') ?? '')?.[1] as string;
    const pinned = JSON.parse(
      readFileSync(join(pagesDir(site.deploy), 'previews', 'mf-contact', version, 'remotes.json'), 'utf8'),
    );
    expect(pinned.microFrontends.mf_contact[0].extras).toEqual({ source: fields });
    expect(JSON.stringify(readRemoteMapDocument(site.deploy))).not.toContain(version);
    expect(readAudit(site.deploy, { scope: 'mf-contact' }).at(-1)).toMatchObject({
      action: 'preview',
      version,
      source: fields,
    });
  }, 120_000);

  it('the same bytes sent again from another commit change nothing: the publishing upload named it', async () => {
    const build = remoteBuild(site.work, 'mf_contact');
    const first = { commit: 'a'.repeat(40), ref: 'main', author: 'Jane Doe' };
    expect((await upload(service.url, key, 'mf-contact', build, sourceQuery(first))).status).toBe(200);
    const version = readAudit(site.deploy, { scope: 'mf-contact' }).at(-1)?.version as string;
    const before = digestOf(site.deploy);
    const again = await upload(
      service.url,
      key,
      'mf-contact',
      build,
      sourceQuery({ commit: 'b'.repeat(40) }),
    );
    expect(again.status).toBe(200);
    expect(digestOf(site.deploy)).toEqual(before);
    expect(readVersionSource(site.deploy, 'mf-contact', version)).toEqual(first);
  }, 60_000);

  it('a refused change takes its source record back: nothing changed', async () => {
    const build = remoteBuild(site.work, 'mf_marketing', { incompatible: true });
    const before = digestOf(site.deploy);
    const reply = await upload(service.url, key, 'mf-marketing', build, sourceQuery({ commit, ref: 'main' }));
    expect(reply.status).toBe(422);
    expect(digestOf(site.deploy)).toEqual(before);
    const version = readAuditWithUploads(site.deploy)
      .filter((entry): entry is UploadAuditEntry => entry.action === 'upload')
      .at(-1)?.version as string;
    expect(version).toBeTruthy();
    expect(existsSync(versionSourceFile(site.deploy, 'mf-marketing', version))).toBe(false);
  }, 60_000);
});
