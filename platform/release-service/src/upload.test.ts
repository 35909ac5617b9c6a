import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { contentDigestOf } from 'deploy-model/content-digest';
import { uploadMegabytesSetting } from 'platform-kit/settings/release-service';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveOf, headersFor, marketingEntries, type RawEntry, tarOf } from '../testing/archives.ts';
import { archivePath } from './archive-entries.ts';
import {
  type ReceivedBuild,
  receiveBuildUpload,
  UploadError,
  type UploadOptions,
  uploadLimits,
} from './upload.ts';

let work: string;
let tempRoot: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'upload-test-'));
  tempRoot = join(work, 'uploads');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const receive = (body: Buffer | Readable, options: Partial<UploadOptions> = {}) =>
  receiveBuildUpload(body instanceof Readable ? body : Readable.from([body]), {
    scope: 'mf-marketing',
    tempRoot,
    ...(body instanceof Readable ? {} : headersFor(body)),
    ...options,
  });

/** The refusal, after checking that it left nothing: no folder in tempRoot, no tempRoot, nothing beside it. */
async function refusal(received: Promise<ReceivedBuild>): Promise<UploadError> {
  const error = await received.then(
    () => {
      throw new Error('the upload was accepted');
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect(readdirSync(work)).toEqual([]);
  return error as UploadError;
}

const withEntries = (...extra: RawEntry[]) => archiveOf([...marketingEntries(), ...extra]);
const manifestWith = (manifest: unknown): RawEntry[] => [
  { path: 'mf-manifest.json', body: typeof manifest === 'string' ? manifest : JSON.stringify(manifest) },
  ...marketingEntries().slice(1),
];

describe('receiveBuildUpload accepts', () => {
  it('a remote build: unpacked below tempRoot with the archive’s files and contents, and removed by cleanup()', async () => {
    const received = await receive(archiveOf(marketingEntries()));
    expect(received.dir.startsWith(join(tempRoot, 'upload-'))).toBe(true);
    const files = readdirSync(received.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(received.dir.length + 1))
      .sort();
    expect(files).toEqual([
      'mf-manifest.json',
      'static/js/async/hero.js',
      'static/js/mf_marketing.0123456789.js',
    ]);
    expect(readFileSync(join(received.dir, 'static/js/async/hero.js'), 'utf8')).toBe('console.log("hero");');
    received.cleanup();
    expect(readdirSync(work)).toEqual([]);
  });

  it('paths written ./a//b and folder entries, as other tar tools write them', async () => {
    const entries = marketingEntries().map((entry) => ({
      ...entry,
      path: `./${entry.path.replace('/', '//')}`,
    }));
    const received = await receive(
      archiveOf([{ path: './', type: 'Directory' }, { path: './static/', type: 'Directory' }, ...entries]),
    );
    expect(statSync(join(received.dir, 'static/js/mf_marketing.0123456789.js')).isFile()).toBe(true);
    received.cleanup();
  });

  it('a file with a setuid or unreadable mode, written 0644 whatever the archive says', async () => {
    const [manifest, entry, hero] = marketingEntries() as [RawEntry, RawEntry, RawEntry];
    const received = await receive(
      archiveOf([manifest, { ...entry, mode: 0o4777 }, { ...hero, mode: 0o000 }]),
    );
    expect(statSync(join(received.dir, entry.path)).mode & 0o7777).toBe(0o644);
    expect(statSync(join(received.dir, hero.path)).mode & 0o7777).toBe(0o644);
    received.cleanup();
  });

  it('a file owned by another user in the archive, owned by the service once unpacked', async () => {
    const received = await receive(archiveOf(marketingEntries()));
    expect(statSync(join(received.dir, 'mf-manifest.json')).uid).toBe(process.getuid?.());
    received.cleanup();
  });

  it('a Content-Digest listing another algorithm before sha-256', async () => {
    const archive = archiveOf(marketingEntries());
    const received = await receive(archive, {
      contentDigest: `sha-512=:${'A'.repeat(86)}==:, ${contentDigestOf(archive)}`,
    });
    received.cleanup();
  });
});

describe('receiveBuildUpload refuses, leaving nothing', () => {
  it('a Content-Type other than application/gzip: 415', async () => {
    const error = await refusal(receive(archiveOf(marketingEntries()), { contentType: 'application/json' }));
    expect([error.status, error.problem]).toEqual([415, 'unsupported-media-type']);
  });

  it('no Content-Type: 415', async () => {
    const error = await refusal(receive(archiveOf(marketingEntries()), { contentType: undefined }));
    expect([error.status, error.problem]).toEqual([415, 'unsupported-media-type']);
  });

  it('a declared Content-Length over the limit, before reading a byte: 413', async () => {
    let read = false;
    const body = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    const error = await refusal(
      receive(body, { ...headersFor(Buffer.alloc(0)), contentLength: uploadLimits().maxBytes + 1 }),
    );
    expect([error.status, error.problem]).toEqual([413, 'too-large']);
    expect(read).toBe(false);
  });

  it('a body that streams past the limit without declaring its size: 413, reading stops there', async () => {
    let sent = 0;
    const body = new Readable({
      read() {
        sent += 1024;
        this.push(Buffer.alloc(1024));
      },
    });
    const limits = { ...uploadLimits(), maxBytes: 64 * 1024 };
    const error = await refusal(
      receive(body, { ...headersFor(Buffer.alloc(0)), contentLength: undefined, limits }),
    );
    expect([error.status, error.problem]).toEqual([413, 'too-large']);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('an empty body: 400 not-an-archive', async () => {
    const error = await refusal(receive(Buffer.alloc(0)));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'not-an-archive',
      expect.stringContaining('empty'),
    ]);
  });

  it('a plain (not gzipped) tar: 400 not-an-archive', async () => {
    const error = await refusal(receive(tarOf(marketingEntries())));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'not-an-archive',
      expect.stringContaining('not gzip'),
    ]);
  });

  it('gzip of something that is not a tar: 400 not-an-archive', async () => {
    const error = await refusal(receive(gzipSync(Buffer.from(JSON.stringify({ not: 'a tar' }).repeat(100)))));
    expect([error.status, error.problem]).toEqual([400, 'not-an-archive']);
  });

  it('a gzip cut short: 400 not-an-archive', async () => {
    const archive = archiveOf(marketingEntries());
    const error = await refusal(receive(archive.subarray(0, archive.length - 40)));
    expect([error.status, error.problem]).toEqual([400, 'not-an-archive']);
  });

  it('a file name longer than the disk allows: 400 not-an-archive, not a failure of the service', async () => {
    const long = `static/${'a'.repeat(300)}.js`;
    const error = await refusal(
      receive(withEntries({ path: 'static/long.js', pax: { path: long }, body: 'x' })),
    );
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'not-an-archive',
      expect.stringContaining('ENAMETOOLONG'),
    ]);
  });

  it('a tar with no files: 400 not-an-archive', async () => {
    const error = await refusal(receive(archiveOf([{ path: 'static/', type: 'Directory' }])));
    expect([error.status, error.problem]).toEqual([400, 'not-an-archive']);
  });

  it.each([
    ['a ".." segment', '../../../escape.txt'],
    ['an absolute path', '/tmp/escape.txt'],
    ['a Windows drive', 'C:/escape.txt'],
    ['a backslash', 'static\\..\\..\\escape.txt'],
    ['a control character', 'static/line\nbreak.js'],
  ])('a path with %s: 400 path-outside', async (_what, path) => {
    const error = await refusal(receive(withEntries({ path, body: 'x' })));
    expect([error.status, error.problem]).toEqual([400, 'path-outside']);
  });

  it('a NUL in a path: 400 path-outside (node-tar already cuts a pax path at its NUL; this holds if it ever stops)', () => {
    expect(() => archivePath('static/nul\0.js')).toThrow(
      expect.objectContaining({ status: 400, problem: 'path-outside' }),
    );
  });

  it.each([
    ['symbolic link', { path: 'static/passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' }],
    ['hard link', { path: 'static/copy.json', type: 'Link', linkpath: 'mf-manifest.json' }],
    ['character device', { path: 'static/null', type: 'CharacterDevice' }],
    ['named pipe', { path: 'static/pipe', type: 'FIFO' }],
    ['sparse file (a type node-tar skips)', { path: 'static/sparse', type: 'SparseFile' }],
  ] as [string, RawEntry][])('a %s: 400 not-a-file', async (_what, entry) => {
    const error = await refusal(receive(withEntries(entry)));
    expect([error.status, error.problem]).toEqual([400, 'not-a-file']);
  });

  it('the same path twice (the second copy would win): 400 duplicate-path', async () => {
    const error = await refusal(
      receive(withEntries({ path: 'static/js/async/hero.js', body: 'alert("other")' })),
    );
    expect([error.status, error.problem]).toEqual([400, 'duplicate-path']);
  });

  it('a path that is both a file and a folder: 400 duplicate-path', async () => {
    const error = await refusal(
      receive(withEntries({ path: 'static/js/async/hero.js/inner.js', body: 'x' })),
    );
    expect([error.status, error.problem]).toEqual([400, 'duplicate-path']);
  });

  it('more files than the limit: 413 too-many-files', async () => {
    const limits = { ...uploadLimits(), maxEntries: 4 };
    const received = receive(withEntries({ path: 'a.txt', body: 'a' }, { path: 'b.txt', body: 'b' }), {
      limits,
    });
    const error = await refusal(received);
    expect([error.status, error.problem]).toEqual([413, 'too-many-files']);
  });

  it('files that unpack to more than the limit: 413 too-large', async () => {
    const limits = { ...uploadLimits(), maxUnpackedBytes: 4096 };
    const error = await refusal(
      receive(withEntries({ path: 'static/big.bin', body: Buffer.alloc(8192, 1) }), { limits }),
    );
    expect([error.status, error.problem, error.message]).toEqual([
      413,
      'too-large',
      expect.stringContaining('unpacks'),
    ]);
  });

  it('an archive that unpacks to over 1000 times its size (a gzip bomb), even under the size limit: 413 too-large', async () => {
    const bomb = gzipSync(
      tarOf([...marketingEntries(), { path: 'static/zeros.bin', body: Buffer.alloc(40 * 1024 * 1024) }]),
      { level: 9 },
    );
    const error = await refusal(receive(bomb));
    expect([error.status, error.problem, error.message]).toEqual([
      413,
      'too-large',
      expect.stringContaining('for its size'),
    ]);
  });

  it('no mf-manifest.json at the root (a dist/ folder sent whole): 400 no-manifest', async () => {
    const nested = marketingEntries().map((entry) => ({ ...entry, path: `dist/${entry.path}` }));
    const error = await refusal(receive(archiveOf(nested)));
    expect([error.status, error.problem]).toEqual([400, 'no-manifest']);
  });

  it('a manifest that is not JSON: 400 bad-manifest', async () => {
    const error = await refusal(receive(archiveOf(manifestWith('{"name": "mf_marketing",'))));
    expect([error.status, error.problem]).toEqual([400, 'bad-manifest']);
  });

  it('a manifest that is JSON but not an object: 400 bad-manifest', async () => {
    const error = await refusal(receive(archiveOf(manifestWith('["mf_marketing"]'))));
    expect([error.status, error.problem]).toEqual([400, 'bad-manifest']);
  });

  it('a build of another remote sent for mf-marketing: 400 wrong-remote', async () => {
    const manifest = JSON.parse(String(marketingEntries()[0]?.body)) as {
      id: string;
      name: string;
      metaData: { name: string };
    };
    const portfolio = {
      ...manifest,
      id: 'mf_portfolio',
      name: 'mf_portfolio',
      metaData: { ...manifest.metaData, name: 'mf_portfolio' },
    };
    const error = await refusal(receive(archiveOf(manifestWith(portfolio))));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'wrong-remote',
      expect.stringContaining('mf_portfolio'),
    ]);
  });

  it('a manifest naming no app: 400 wrong-remote', async () => {
    const error = await refusal(receive(archiveOf(manifestWith({ metaData: {}, exposes: [] }))));
    expect([error.status, error.problem]).toEqual([400, 'wrong-remote']);
  });

  it('a manifest naming a chunk the archive does not hold: 400 integrity', async () => {
    const entries = marketingEntries().filter((entry) => entry.path !== 'static/js/async/hero.js');
    const error = await refusal(receive(archiveOf(entries)));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'integrity',
      expect.stringContaining('static/js/async/hero.js'),
    ]);
  });

  it('no Content-Digest: 400 integrity', async () => {
    const error = await refusal(receive(archiveOf(marketingEntries()), { contentDigest: undefined }));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'integrity',
      expect.stringContaining('no Content-Digest'),
    ]);
  });

  it.each([
    ['a hex digest', `sha-256=${'a'.repeat(64)}`, 'RFC 9530'],
    ['a digest of another algorithm only', `sha-512=:${'A'.repeat(86)}==:`, 'no sha-256'],
    ['a sha-256 of the wrong length', 'sha-256=:AAAA:', 'not 32 bytes'],
  ])(
    'a Content-Digest with %s: 400 integrity, before reading the body',
    async (_what, contentDigest, why) => {
      const body = Readable.from([archiveOf(marketingEntries())]);
      const error = await refusal(receive(body, { ...headersFor(Buffer.alloc(0)), contentDigest }));
      expect([error.status, error.problem, error.message]).toEqual([
        400,
        'integrity',
        expect.stringContaining(why),
      ]);
      expect(body.readableFlowing).toBe(null);
    },
  );

  it('a Content-Digest of other bytes (an archive altered on its way): 400 integrity', async () => {
    const archive = archiveOf(marketingEntries());
    const contentDigest = contentDigestOf(archiveOf(manifestWith({ name: 'mf_marketing' })));
    const error = await refusal(receive(archive, { contentDigest }));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'integrity',
      expect.stringContaining('altered'),
    ]);
  });
});

describe('receiveBuildUpload for the shell', () => {
  const shellManifest = JSON.stringify({
    id: 'shell',
    name: 'shell',
    metaData: { name: 'shell', remoteEntry: { name: '', path: '' } },
    shared: [{ name: 'react', assets: { js: { sync: ['static/js/react.js'], async: [] } } }],
    exposes: [],
  });
  const shellEntries = (): RawEntry[] => [
    { path: 'dist/index.html', body: '<!doctype html>' },
    { path: 'dist/mf-manifest.json', body: shellManifest },
    { path: 'dist/static/js/react.js', body: 'react' },
    { path: 'dist-server/index.js', body: 'module.exports = {}' },
  ];

  it('accepts dist/ and dist-server/ and checks the manifest’s assets inside dist/', async () => {
    const received = await receive(archiveOf(shellEntries()), { scope: 'shell' });
    expect(readdirSync(received.dir).sort()).toEqual(['dist', 'dist-server']);
    received.cleanup();
  });

  it('refuses an archive without the Node build: 400 no-manifest', async () => {
    const entries = shellEntries().filter((entry) => !entry.path.startsWith('dist-server/'));
    const error = await refusal(receive(archiveOf(entries), { scope: 'shell' }));
    expect([error.status, error.problem, error.message]).toEqual([
      400,
      'no-manifest',
      expect.stringContaining('dist-server/index.js'),
    ]);
  });

  it('refuses a file beside dist/ and dist-server/: 400 path-outside', async () => {
    const error = await refusal(
      receive(archiveOf([...shellEntries(), { path: 'remotes.json', body: '{}' }]), { scope: 'shell' }),
    );
    expect([error.status, error.problem]).toEqual([400, 'path-outside']);
  });

  it('refuses a remote’s build sent as the shell: 400 no-manifest', async () => {
    const error = await refusal(receive(archiveOf(marketingEntries()), { scope: 'shell' }));
    expect([error.status, error.problem]).toEqual([400, 'no-manifest']);
  });

  it('refuses a shell whose manifest names a chunk it does not ship: 400 integrity', async () => {
    const entries = shellEntries().filter((entry) => entry.path !== 'dist/static/js/react.js');
    const error = await refusal(receive(archiveOf(entries), { scope: 'shell' }));
    expect([error.status, error.problem]).toEqual([400, 'integrity']);
  });
});

describe('uploadLimits', () => {
  it('is 50 MB, 200 MB unpacked and 5000 files by default; AGENCY_RELEASE_MAX_UPLOAD_MB sets the archive’s (and so the unpacked) limit', () => {
    expect(uploadLimits()).toEqual({
      maxBytes: 50 * 1024 * 1024,
      maxUnpackedBytes: 200 * 1024 * 1024,
      maxEntries: 5000,
      bodyGraceMs: 10_000,
      minBytesPerSecond: 64 * 1024,
    });
    expect(uploadLimits(uploadMegabytesSetting({ AGENCY_RELEASE_MAX_UPLOAD_MB: '2' }))).toMatchObject({
      maxBytes: 2 * 1024 * 1024,
      maxUnpackedBytes: 8 * 1024 * 1024,
    });
    expect(() => uploadLimits(uploadMegabytesSetting({ AGENCY_RELEASE_MAX_UPLOAD_MB: 'lots' }))).toThrow(
      /AGENCY_RELEASE_MAX_UPLOAD_MB/,
    );
  });
});

it('nothing is unpacked outside the build folder (a link then a file through it is refused at the link)', async () => {
  const error = await refusal(
    receive(
      withEntries(
        { path: 'static/out', type: 'SymbolicLink', linkpath: work },
        { path: 'static/out/escape.txt', body: 'x' },
      ),
    ),
  );
  expect(error.problem).toBe('not-a-file');
  expect(lstatSync(work).isDirectory()).toBe(true);
});
