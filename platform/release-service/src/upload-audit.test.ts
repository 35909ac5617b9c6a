/**
 * Issue 40: refused uploads left no trace in the audit log. Each upload, accepted or refused, now leaves one
 * entry: the key's name (or `no key` / `unknown key`, never the key), the client's address, the remote, the
 * version once the build was checked, and the outcome with the refusal's problem and sentence. Real HTTP on
 * loopback, a live site in miniature.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDigestHeader, releaseRoutes, type UploadAuditEntry } from 'build-config/release-protocol';
import { readAudit, readAuditWithUploads } from 'deploy-folder/audit';
import { contentDigestOf } from 'deploy-model/content-digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  printed,
  type Reply,
  remoteBuild,
  startTestService,
  type TestService,
  upload,
} from '../testing/service.ts';

let site: TestService<'mf-marketing' | 'mf-portfolio'>;

beforeAll(async () => {
  site = await startTestService({ 'mf-marketing': 'marketing-ci', 'mf-portfolio': 'portfolio-ci' });
}, 60_000);
afterAll(() => site.stop());

const uploads = () =>
  readAuditWithUploads(site.deploy).filter((entry): entry is UploadAuditEntry => entry.action === 'upload');

/** The one upload entry the request left, after checking it left exactly one. */
async function entryOf(send: () => Promise<Reply>): Promise<{ reply: Reply; entry: UploadAuditEntry }> {
  const before = uploads().length;
  const reply = await send();
  const after = uploads();
  expect(after).toHaveLength(before + 1);
  return { reply, entry: after.at(-1) as UploadAuditEntry };
}

const common = { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), from: '127.0.0.1', action: 'upload' };

describe('every upload in the audit log (issue 40)', () => {
  it('an accepted one: the key, the address, the remote, the version, accepted', async () => {
    const { reply, entry } = await entryOf(() =>
      upload(site.url, site.keys['mf-marketing'], 'mf-marketing', remoteBuild(site.work, 'mf_marketing')),
    );
    expect(reply.status, printed(reply)).toBe(200);
    const released = readAudit(site.deploy).at(-1);
    expect(entry).toEqual({
      ...common,
      by: 'marketing-ci',
      scope: 'mf-marketing',
      version: released?.version,
      outcome: 'accepted',
      status: 200,
    });
  }, 60_000);

  it('a bad archive: refused, with the problem and why', async () => {
    const bytes = Buffer.from('this is not a gzipped tar');
    const { entry } = await entryOf(async () => {
      const response = await fetch(`${site.url}${releaseRoutes.release('mf-marketing')}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${site.keys['mf-marketing']}`,
          'content-type': 'application/gzip',
          [contentDigestHeader]: contentDigestOf(bytes),
        },
        body: bytes,
      });
      return { status: response.status, body: await response.json() };
    });
    expect(entry).toEqual({
      ...common,
      by: 'marketing-ci',
      scope: 'mf-marketing',
      outcome: 'refused',
      status: 400,
      problem: 'not-an-archive',
      reason: expect.stringMatching(/not gzip-compressed/),
    });
  });

  it('a key for another remote: 403, the key named', async () => {
    const { entry } = await entryOf(() =>
      upload(site.url, site.keys['mf-portfolio'], 'mf-marketing', remoteBuild(site.work, 'mf_marketing')),
    );
    expect(entry).toMatchObject({
      by: 'portfolio-ci',
      scope: 'mf-marketing',
      outcome: 'refused',
      status: 403,
      problem: 'forbidden',
      reason: expect.stringMatching(/"portfolio-ci" is for mf-portfolio/),
    });
  });

  it('no key, an unknown or revoked key: 401 as `no key` or `unknown key`, never the key itself', async () => {
    const build = remoteBuild(site.work, 'mf_contact');
    const guessed = 'agrk_guessed-key-0123456789';
    const byKey = [
      [undefined, 'no key'],
      ['', 'no key'],
      [guessed, 'unknown key'],
    ] as const;
    for (const [key, by] of byKey) {
      const { reply, entry } = await entryOf(() => upload(site.url, key, 'mf-contact', build));
      expect(reply.status).toBe(401);
      expect(entry).toMatchObject({ ...common, by, scope: 'mf-contact', outcome: 'refused', status: 401 });
      expect(entry.problem).toBe('unauthorized');
    }
    expect(readFileSync(join(site.deploy, 'releases', 'audit.jsonl'), 'utf8')).not.toContain(guessed);
  }, 60_000);

  it('a build the contract gate refuses: 422 with the version it would have been', async () => {
    const { reply, entry } = await entryOf(() =>
      upload(
        site.url,
        site.keys.operator,
        'mf-portfolio',
        remoteBuild(site.work, 'mf_portfolio', { incompatible: true }),
      ),
    );
    expect(reply.status).toBe(422);
    expect(entry).toMatchObject({
      by: 'operator',
      scope: 'mf-portfolio',
      version: expect.stringMatching(/^1\.0\.0-[0-9a-f]{8}$/),
      outcome: 'refused',
      status: 422,
      problem: 'incompatible',
      reason: expect.stringMatching(
        /^mf-portfolio is incompatible with the shell, so nothing changed: - mf_portfolio requires react/,
      ),
    });
    // One line, whatever the refusal printed.
    expect(entry.reason).not.toMatch(/\n/);
  }, 60_000);

  it('a version the grammar refuses: 400, no version recorded', async () => {
    const build = remoteBuild(site.work, 'mf_marketing');
    const manifestFile = join(build, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.metaData.buildInfo.buildVersion = '1.0.0+build.7';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const { reply, entry } = await entryOf(() =>
      upload(site.url, site.keys['mf-marketing'], 'mf-marketing', build),
    );
    expect(reply.status, reply.body.error).toBe(400);
    expect(entry).toEqual({
      ...common,
      by: 'marketing-ci',
      scope: 'mf-marketing',
      outcome: 'refused',
      status: 400,
      problem: reply.body.problem,
      reason: expect.stringContaining('1.0.0+build.7'),
    });
  });

  it('an unknown remote, a stray query: refused and recorded; a JSON preview or a promote is no upload', async () => {
    const build = remoteBuild(site.work, 'mf_marketing');
    const { entry: blog } = await entryOf(() =>
      upload(site.url, site.keys.operator, 'mf-blog' as 'shell', build),
    );
    expect(blog).toMatchObject({ by: 'operator', scope: 'mf-blog', status: 404, problem: 'unknown-scope' });
    const { entry: stray } = await entryOf(() =>
      upload(site.url, site.keys['mf-marketing'], 'mf-marketing', build, '?canry=10'),
    );
    expect(stray).toMatchObject({ by: 'marketing-ci', status: 400, problem: 'usage' });
    const before = uploads().length;
    await fetch(`${site.url}${releaseRoutes.promote('mf-marketing')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.keys['mf-marketing']}` },
    });
    expect(uploads()).toHaveLength(before);
  }, 60_000);

  it('`GET /v1/log?uploads=1` lists them among the changes, one readable line each; without it, the changes only', async () => {
    const withUploads = await get(
      site.url,
      site.keys['mf-marketing'],
      `${releaseRoutes.log}?uploads=1&remote=mf-marketing`,
    );
    expect(withUploads.status).toBe(200);
    expect(printed(withUploads)).toMatch(
      /mf-marketing {2}upload {4}1\.0\.0-[0-9a-f]{8} {2}by marketing-ci from 127\.0\.0\.1: accepted/,
    );
    expect(printed(withUploads)).toMatch(
      /upload {4}\(version unknown\) {2}by portfolio-ci from 127\.0\.0\.1: refused \(403 forbidden\): The key "portfolio-ci"/,
    );
    const changes = await get(
      site.url,
      site.keys['mf-marketing'],
      `${releaseRoutes.log}?remote=mf-marketing`,
    );
    expect(changes.body.entries).toEqual(readAudit(site.deploy, { scope: 'mf-marketing' }));
    expect(printed(changes)).not.toContain('upload');
  });
});
