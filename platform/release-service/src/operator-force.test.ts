import { releaseRoutes, type UploadAuditEntry } from 'build-config/release-protocol';
import { readAudit, readAuditWithUploads } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { packBuild } from 'release-client/pack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  post,
  printed,
  type Reply,
  remoteBuild,
  startTestService,
  type TestService,
  upload,
} from '../testing/service.ts';

/**
 * Issue 41, item 4: `--force` past a failed gate needs the operator's key. A team key's force is refused with 403
 * naming what to ask the operator for, nothing changes, and an upload's refusal is in the audit log; the
 * operator's key still forces. The gate here is the contract check (a build needing a React the shell does not
 * lend), through the real service and its child process.
 */
let site: TestService<'mf-marketing'>;

beforeAll(async () => {
  site = await startTestService({ 'mf-marketing': 'marketing-ci' });
}, 60_000);
afterAll(() => site.stop());

async function unchanged(send: () => Promise<Reply>): Promise<Reply> {
  const before = digestOf(site.deploy);
  const reply = await send();
  expect(digestOf(site.deploy)).toEqual(before);
  return reply;
}

const lastUpload = () =>
  readAuditWithUploads(site.deploy)
    .filter((entry): entry is UploadAuditEntry => entry.action === 'upload')
    .at(-1);

describe("--force past a gate needs the operator's key", () => {
  it('a team key with --force: 403 naming the command the operator runs, nothing changed, in the audit log', async () => {
    const incompatible = remoteBuild(site.work, 'mf_marketing', { incompatible: true });
    const reply = await unchanged(() =>
      upload(site.url, site.keys['mf-marketing'], 'mf-marketing', incompatible, '?canary=10&force=1'),
    );
    expect(reply.status).toBe(403);
    expect(reply.body.problem).toBe('forbidden');
    expect(reply.body.error).toBe(
      `Releasing past a failed gate (--force) needs the operator's key; "marketing-ci" is a key for mf-marketing. Nothing changed. Send it again without --force to see what the gates say; to go ahead despite them, ask the operator to run on the host: npx pnpm release mf-marketing --canary 10 --build-dir <this build> --force`,
    );
    expect(lastUpload()).toMatchObject({
      by: 'marketing-ci',
      scope: 'mf-marketing',
      outcome: 'refused',
      status: 403,
      problem: 'forbidden',
      reason: expect.stringContaining("needs the operator's key"),
    });
  }, 60_000);

  it('refused even for a build the gates would pass: force is the operator’s, whatever the build', async () => {
    const reply = await unchanged(() =>
      upload(
        site.url,
        site.keys['mf-marketing'],
        'mf-marketing',
        remoteBuild(site.work, 'mf_marketing'),
        '?force=1',
      ),
    );
    expect(reply.status).toBe(403);
    expect(reply.body.error).toContain('npx pnpm release mf-marketing --build-dir <this build> --force');
  }, 60_000);

  it('a team key rolling back or previewing with force: 403, nothing changed', async () => {
    const rollback = await unchanged(() =>
      post(site.url, site.keys['mf-marketing'], releaseRoutes.rollback('mf-marketing'), { force: true }),
    );
    expect(rollback.status).toBe(403);
    expect(rollback.body.error).toMatch(
      /^Rolling back past a failed gate \(--force\) needs the operator's key; .* ask the operator to run on the host: npx pnpm rollback mf-marketing --force$/,
    );
    expect(readAuditWithUploads(site.deploy).at(-1)).toMatchObject({
      action: 'refused',
      request: 'rollback',
      by: 'marketing-ci',
      scope: 'mf-marketing',
      status: 403,
      problem: 'forbidden',
      reason: rollback.body.error,
    });
    // Listed with the uploads, and never as a change.
    const log = await get(site.url, site.keys.operator, `${releaseRoutes.log}?remote=mf-marketing&uploads=1`);
    expect(printed(log)).toMatch(
      /mf-marketing +refused +rollback +by marketing-ci from 127\.0\.0\.1: 403 forbidden: Rolling back past/,
    );
    expect(readAudit(site.deploy).some((entry) => (entry.action as string) === 'refused')).toBe(false);
    const preview = await unchanged(async () => {
      const build = remoteBuild(site.work, 'mf_marketing', { incompatible: true });
      const { archive, digest } = await packBuild(build);
      const response = await fetch(`${site.url}${releaseRoutes.preview('mf-marketing')}?force=1`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${site.keys['mf-marketing']}`,
          'content-type': 'application/gzip',
          'content-digest': digest,
        },
        body: new Uint8Array(archive),
      });
      return { status: response.status, body: (await response.json()) as Reply['body'] };
    });
    expect(preview.status).toBe(403);
    expect(preview.body.error).toContain(
      'npx pnpm release mf-marketing --preview --build-dir <this build> --force',
    );
    expect(lastUpload()).toMatchObject({ outcome: 'refused', status: 403, problem: 'forbidden' });
  }, 60_000);

  it('a team key without --force gets the gate’s own refusal (422), as before', async () => {
    const incompatible = remoteBuild(site.work, 'mf_marketing', { incompatible: true });
    const reply = await unchanged(() =>
      upload(site.url, site.keys['mf-marketing'], 'mf-marketing', incompatible),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.problem).toBe('incompatible');
    expect(reply.body.error).toMatch(
      /^mf-marketing is incompatible with the shell, so nothing changed:\n[\s\S]*\n--force needs the operator's key: fix the build, or ask the operator to release it past the gates\.$/,
    );
  }, 60_000);

  it("the operator's key with --force still releases past the gate, and the audit says why", async () => {
    const incompatible = remoteBuild(site.work, 'mf_marketing', { incompatible: true });
    const refused = await upload(site.url, site.keys.operator, 'mf-marketing', incompatible);
    expect(refused.status).toBe(422);
    expect(refused.body.error).not.toContain("needs the operator's key");
    const reply = await upload(site.url, site.keys.operator, 'mf-marketing', incompatible, '?force=1');
    expect(reply.status).toBe(200);
    const release = readAudit(site.deploy, { scope: 'mf-marketing' }).at(-1);
    expect(release).toMatchObject({ action: 'release', by: 'operator' });
    expect(release?.reason).toMatch(/^released despite: .*react/);
    const map = readRemoteMapDocument(site.deploy);
    expect(JSON.stringify(map)).toContain(release?.version);
  }, 60_000);
});
