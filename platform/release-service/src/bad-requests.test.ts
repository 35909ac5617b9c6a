/**
 * Bad requests and bad uploads against a running release service (real HTTP on loopback, a live site in
 * miniature as its deploy folder): each gets its status and `problem`, and every file of the deploy folder
 * (maps, pages, versions, keys, the audit log) is byte for byte what it was.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { contentDigestHeader, type ReleaseScope, releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { contentDigestOf } from 'deploy-model/content-digest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveOf, type RawEntry, tarOf } from '../testing/archives.ts';
import {
  digestOf,
  makeServiceDeploy,
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
const keys = { operator: '', marketing: '', portfolio: '', revoked: '' };
/** A good mf-marketing build, file by file, for the bad uploads to start from. */
let marketing: RawEntry[];

/** The service's archive limit is 1 MB here (and so 4 MB unpacked), so the size cases send little. */
const env = { ...serviceEnv, AGENCY_RELEASE_MAX_UPLOAD_MB: '1' };
const megabyte = 1024 * 1024;

function keyFor(scope: string, name: string): string {
  const lines: string[] = [];
  runKeyCommand(
    { action: 'create', scope, name },
    {
      deploy: site.deploy,
      out: (text) => lines.push(...text.split('\n')),
    },
  );
  return lines.at(-1) ?? '';
}

function entriesOf(dir: string): RawEntry[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path: relative(dir, path), body: readFileSync(path) };
    });
}

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, env);
  keys.operator = ensureOperatorKey(site.deploy);
  keys.marketing = keyFor('mf-marketing', 'marketing-ci');
  keys.portfolio = keyFor('mf-portfolio', 'portfolio-ci');
  keys.revoked = keyFor('mf-marketing', 'old-marketing-ci');
  runKeyCommand(
    { action: 'revoke', name: 'old-marketing-ci' },
    { deploy: site.deploy, out: () => undefined },
  );
  // One release through the service first: the audit log has a line to keep, and a good upload is accepted.
  const accepted = await upload(
    service.url,
    keys.marketing,
    'mf-marketing',
    remoteBuild(site.work, 'mf_marketing'),
  );
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(readAudit(site.deploy)).toHaveLength(1);
  marketing = entriesOf(remoteBuild(site.work, 'mf_marketing'));
}, 60_000);
afterAll(async () => {
  await service?.stop();
  site?.remove();
});

interface Sent {
  method?: 'GET' | 'POST';
  key?: string | undefined;
  headers?: Record<string, string>;
  body?: BodyInit;
}

async function send(path: string, sent: Sent): Promise<{ status: number; problem?: string; error?: string }> {
  const response = await fetch(`${service.url}${path}`, {
    method: sent.method ?? 'POST',
    headers: { ...(sent.key ? { authorization: `Bearer ${sent.key}` } : {}), ...sent.headers },
    ...(sent.body === undefined ? {} : { body: sent.body }),
    // A ReadableStream body is sent chunked, without a Content-Length.
    ...(sent.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const reply = (await response.json()) as { problem?: string; error?: string };
  return { status: response.status, ...reply };
}

/** The request, refused with the status and problem, and the deploy folder unchanged to the byte. */
async function expectRefused(path: string, sent: Sent, status: number, problem: string) {
  const before = digestOf(site.deploy);
  const reply = await send(path, sent);
  expect({ status: reply.status, problem: reply.problem }, reply.error).toEqual({ status, problem });
  expect(reply.error).toMatch(/\S/);
  expect(digestOf(site.deploy)).toEqual(before);
  return reply;
}

/** An archive POSTed as a correct client sends it, with the headers overridden as given. */
const release = (
  scope: ReleaseScope,
  archive: Buffer,
  key = keys.marketing,
  headers: Record<string, string> = {},
) => ({
  path: releaseRoutes.release(scope),
  sent: {
    key,
    headers: {
      'content-type': 'application/gzip',
      [contentDigestHeader]: contentDigestOf(archive),
      ...headers,
    },
    body: new Uint8Array(archive),
  } satisfies Sent,
});

const good = () => archiveOf(marketing);
const withEntries = (...extra: RawEntry[]) => archiveOf([...marketing, ...extra]);
const replacing = (path: string, body: string) =>
  archiveOf(marketing.map((entry) => (entry.path === path ? { ...entry, body } : entry)));
const manifest = () => JSON.parse(String(marketing.find((entry) => entry.path === 'mf-manifest.json')?.body));

describe('the release service refuses, and nothing changes: keys and scopes', () => {
  it('a release with no key: 401 unauthorized', async () => {
    const { path, sent } = release('mf-marketing', good());
    await expectRefused(path, { ...sent, key: undefined }, 401, 'unauthorized');
  });

  it('a release with a wrong key: 401 unauthorized', async () => {
    const { path, sent } = release('mf-marketing', good(), `${keys.marketing.slice(0, -2)}xx`);
    await expectRefused(path, sent, 401, 'unauthorized');
  });

  it('a release with a revoked key: 401 unauthorized', async () => {
    const { path, sent } = release('mf-marketing', good(), keys.revoked);
    await expectRefused(path, sent, 401, 'unauthorized');
  });

  it('a release of mf-marketing with the mf-portfolio key: 403 forbidden', async () => {
    const { path, sent } = release('mf-marketing', good(), keys.portfolio);
    const reply = await expectRefused(path, sent, 403, 'forbidden');
    expect(reply.error).toContain('portfolio-ci');
  });

  it('an abort and a rollback of mf-marketing with the mf-portfolio key: 403 forbidden', async () => {
    for (const route of [releaseRoutes.abort('mf-marketing'), releaseRoutes.rollback('mf-marketing')]) {
      await expectRefused(
        route,
        { key: keys.portfolio, headers: { 'content-type': 'application/json' }, body: '{}' },
        403,
        'forbidden',
      );
    }
  });

  it('a release of the shell with a remote’s key: 403 forbidden', async () => {
    const { path, sent } = release('shell', good(), keys.marketing);
    await expectRefused(path, sent, 403, 'forbidden');
  });

  it('a scope that does not exist: 404 unknown-scope', async () => {
    const path = releaseRoutes.release('mf-blog' as ReleaseScope);
    await expectRefused(
      path,
      { ...release('mf-marketing', good(), keys.operator).sent },
      404,
      'unknown-scope',
    );
  });
});

describe('the release service refuses, and nothing changes: requests', () => {
  it.each(['0', '100', 'abc'])('a canary of %s percent: 400 usage', async (percent) => {
    const { path, sent } = release('mf-marketing', good());
    await expectRefused(`${path}?canary=${percent}`, sent, 400, 'usage');
  });

  it('a force flag that is neither 1 nor 0: 400 usage', async () => {
    const { path, sent } = release('mf-marketing', good());
    await expectRefused(`${path}?force=yes`, sent, 400, 'usage');
  });

  it('an abort body over 16 kB: 413 too-large', async () => {
    const body = JSON.stringify({ reason: 'x'.repeat(20_000) });
    const sent = { key: keys.marketing, headers: { 'content-type': 'application/json' }, body };
    await expectRefused(releaseRoutes.abort('mf-marketing'), sent, 413, 'too-large');
  });

  it('abort with a body that is not JSON: 400 usage', async () => {
    const sent = {
      key: keys.marketing,
      headers: { 'content-type': 'application/json' },
      body: '{"reason": "bad',
    };
    await expectRefused(releaseRoutes.abort('mf-marketing'), sent, 400, 'usage');
  });

  it('rollback with a body that is not JSON: 400 usage', async () => {
    const sent = {
      key: keys.marketing,
      headers: { 'content-type': 'application/json' },
      body: 'version=1.0.0',
    };
    await expectRefused(releaseRoutes.rollback('mf-marketing'), sent, 400, 'usage');
  });

  it('rollback to a version that is not a version name: 400 usage', async () => {
    const body = JSON.stringify({ version: '../../shell' });
    const sent = { key: keys.marketing, headers: { 'content-type': 'application/json' }, body };
    await expectRefused(releaseRoutes.rollback('mf-marketing'), sent, 400, 'usage');
  });

  it.each([
    ['a misspelt parameter (canry=10), which must not release to everyone', '?canry=10'],
    ['a parameter given twice', '?canary=10&canary=50'],
  ])('a release with %s: 400 usage', async (_, query) => {
    const { path, sent } = release('mf-marketing', good());
    await expectRefused(`${path}${query}`, sent, 400, 'usage');
  });

  it('a status with a parameter it does not take: 400 usage', async () => {
    await expectRefused(
      `${releaseRoutes.status}?remot=mf-marketing`,
      { key: keys.marketing, method: 'GET' },
      400,
      'usage',
    );
  });

  it.each([
    ['an escape sequence', 'fine\u001b[2J'],
    ['a second line', 'fine\nby automatic: forged'],
  ])('abort with a reason holding %s: 400 usage', async (_, reason) => {
    const body = JSON.stringify({ reason });
    const sent = { key: keys.marketing, headers: { 'content-type': 'application/json' }, body };
    await expectRefused(releaseRoutes.abort('mf-marketing'), sent, 400, 'usage');
  });

  it('rollback with a field it does not take (a misspelt version): 400 usage', async () => {
    const body = JSON.stringify({ verison: '1.0.0-abc' });
    const sent = { key: keys.marketing, headers: { 'content-type': 'application/json' }, body };
    await expectRefused(releaseRoutes.rollback('mf-marketing'), sent, 400, 'usage');
  });

  it('abort with a reason over 500 characters: 400 usage', async () => {
    const body = JSON.stringify({ reason: 'x'.repeat(501) });
    const sent = { key: keys.marketing, headers: { 'content-type': 'application/json' }, body };
    await expectRefused(releaseRoutes.abort('mf-marketing'), sent, 400, 'usage');
  });
});

describe('the release service refuses, and nothing changes: uploads', () => {
  it('a build sent as JSON: 415 unsupported-media-type', async () => {
    const { path, sent } = release('mf-marketing', good(), keys.marketing, {
      'content-type': 'application/json',
    });
    await expectRefused(path, sent, 415, 'unsupported-media-type');
  });

  it('a Content-Length over the limit: 413 too-large, from the header', async () => {
    const { path, sent } = release('mf-marketing', Buffer.alloc(Math.round(1.5 * megabyte), 7));
    const reply = await expectRefused(path, sent, 413, 'too-large');
    expect(reply.error).toContain('declares');
  });

  it('a body streamed past the limit without a Content-Length: 413 too-large', async () => {
    const { path, sent } = release('mf-marketing', good());
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++chunks > 24) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(chunks));
      },
    });
    const reply = await expectRefused(path, { ...sent, body }, 413, 'too-large');
    expect(reply.error).toContain('larger than the limit');
  });

  it('an empty body: 400 not-an-archive', async () => {
    const { path, sent } = release('mf-marketing', Buffer.alloc(0));
    await expectRefused(path, sent, 400, 'not-an-archive');
  });

  it('a tar that is not gzipped: 400 not-an-archive', async () => {
    const { path, sent } = release('mf-marketing', tarOf(marketing));
    await expectRefused(path, sent, 400, 'not-an-archive');
  });

  it('gzip of something that is not a tar: 400 not-an-archive', async () => {
    const { gzipSync } = await import('node:zlib');
    const { path, sent } = release(
      'mf-marketing',
      gzipSync(Buffer.from('<html>not a build</html>'.repeat(40))),
    );
    await expectRefused(path, sent, 400, 'not-an-archive');
  });

  it('an entry whose path climbs out with "..": 400 path-outside', async () => {
    const { path, sent } = release(
      'mf-marketing',
      withEntries({ path: '../../shell/remotes.json', body: '{}' }),
    );
    await expectRefused(path, sent, 400, 'path-outside');
  });

  it('an entry with an absolute path: 400 path-outside', async () => {
    const { path, sent } = release(
      'mf-marketing',
      withEntries({ path: '/etc/cron.d/release', body: '* * * * * root true' }),
    );
    await expectRefused(path, sent, 400, 'path-outside');
  });

  it('a symbolic link: 400 not-a-file', async () => {
    const link: RawEntry = {
      path: 'static/keys',
      type: 'SymbolicLink',
      linkpath: '../../releases/keys.json',
    };
    const { path, sent } = release('mf-marketing', withEntries(link));
    await expectRefused(path, sent, 400, 'not-a-file');
  });

  it('a hard link: 400 not-a-file', async () => {
    const link: RawEntry = { path: 'static/copy.json', type: 'Link', linkpath: 'mf-manifest.json' };
    const { path, sent } = release('mf-marketing', withEntries(link));
    await expectRefused(path, sent, 400, 'not-a-file');
  });

  it('the same path twice: 400 duplicate-path', async () => {
    const { path, sent } = release('mf-marketing', withEntries({ path: 'mf-manifest.json', body: '{}' }));
    await expectRefused(path, sent, 400, 'duplicate-path');
  });

  it('no mf-manifest.json at the root: 400 no-manifest', async () => {
    const nested = marketing.map((entry) => ({ ...entry, path: `dist/${entry.path}` }));
    const { path, sent } = release('mf-marketing', archiveOf(nested));
    await expectRefused(path, sent, 400, 'no-manifest');
  });

  it('a manifest that is not JSON: 400 bad-manifest', async () => {
    const { path, sent } = release('mf-marketing', replacing('mf-manifest.json', '{"name": "mf_marketing"'));
    await expectRefused(path, sent, 400, 'bad-manifest');
  });

  it('a manifest naming another remote (mf_portfolio’s build sent as mf-marketing): 400 wrong-remote', async () => {
    const portfolio = { ...manifest(), id: 'mf_portfolio', name: 'mf_portfolio' };
    portfolio.metaData = { ...portfolio.metaData, name: 'mf_portfolio' };
    const { path, sent } = release('mf-marketing', replacing('mf-manifest.json', JSON.stringify(portfolio)));
    await expectRefused(path, sent, 400, 'wrong-remote');
  });

  it('a remote’s build sent as the shell (with the operator key): 400 no-manifest', async () => {
    const { path, sent } = release('shell', good(), keys.operator);
    await expectRefused(path, sent, 400, 'no-manifest');
  });

  it('an entry whose path has a backslash: 400 path-outside', async () => {
    const { path, sent } = release(
      'mf-marketing',
      withEntries({ path: 'static\\..\\..\\keys.json', body: '{}' }),
    );
    await expectRefused(path, sent, 400, 'path-outside');
  });

  it('a device: 400 not-a-file', async () => {
    const { path, sent } = release(
      'mf-marketing',
      withEntries({ path: 'static/null', type: 'CharacterDevice' }),
    );
    await expectRefused(path, sent, 400, 'not-a-file');
  });

  it('no Content-Digest: 400 integrity', async () => {
    const { path, sent } = release('mf-marketing', good());
    const { [contentDigestHeader]: _digest, ...headers } = sent.headers;
    const reply = await expectRefused(path, { ...sent, headers }, 400, 'integrity');
    expect(reply.error).toContain('no Content-Digest');
  });

  it('a Content-Digest of other bytes: 400 integrity', async () => {
    const { path, sent } = release('mf-marketing', good(), keys.marketing, {
      [contentDigestHeader]: contentDigestOf(Buffer.from('another build')),
    });
    const reply = await expectRefused(path, sent, 400, 'integrity');
    expect(reply.error).toContain('altered');
  });

  it('a manifest naming a remote entry the archive does not hold: 400 integrity', async () => {
    const entry = manifest().metaData.remoteEntry.name as string;
    const { path, sent } = release(
      'mf-marketing',
      archiveOf(marketing.filter((file) => file.path !== entry)),
    );
    const reply = await expectRefused(path, sent, 400, 'integrity');
    expect(reply.error).toContain(entry);
  });

  it('more than 5000 files: 413 too-many-files', async () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({ path: `static/many/${index}.txt`, body: '' }));
    const { path, sent } = release('mf-marketing', withEntries(...many));
    await expectRefused(path, sent, 413, 'too-many-files');
  });

  it('files that unpack to more than the limit (4 MB here): 413 too-large', async () => {
    const big = { path: 'static/big.bin', body: Buffer.alloc(5 * megabyte) };
    const { path, sent } = release('mf-marketing', withEntries(big));
    expect(sent.body.length).toBeLessThan(megabyte);
    const reply = await expectRefused(path, sent, 413, 'too-large');
    expect(reply.error).toContain('unpacks to more than');
  });
});
