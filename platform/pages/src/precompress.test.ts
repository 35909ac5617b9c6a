import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { alteredFiles, readIntegrityRecord, writeIntegrityRecord } from 'deploy-folder/integrity';
import { precompressFile } from 'deploy-folder/precompress';
import {
  copyShellBuild,
  publishRemoteBuild,
  publishShell,
  shellServerDist,
  shellVersion,
} from 'deploy-folder/publish';
import { pagesDir, serverBuildDir } from 'deploy-model/layout';
import { remoteMapSchema } from 'federation/remote-map';
import { appDist } from 'platform-kit/paths';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Prerender, writePages } from './pages.ts';

/*
 * Publishing writes each served file's brotli and gzip forms beside it. These tests publish into temporary
 * deploy folders the way a release does, and read the siblings back.
 */

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'precompress-test-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** Text that compresses well, like a script or a page. */
const scriptText = (seed: string) =>
  Array.from(
    { length: 400 },
    (_, index) => `export const ${seed}${index} = () => "${seed}-${index % 7}";`,
  ).join('\n');

const brotliOf = (file: string) => brotliDecompressSync(readFileSync(`${file}.br`)).toString();
const gzipOf = (file: string) => gunzipSync(readFileSync(`${file}.gz`)).toString();

/** Expects both siblings of a file, each decompressing to the file's bytes as they are now. */
function expectSiblingsOf(file: string) {
  const bytes = readFileSync(file, 'utf8');
  expect(brotliOf(file), `${file}.br`).toBe(bytes);
  expect(gzipOf(file), `${file}.gz`).toBe(bytes);
  expect(readFileSync(`${file}.br`).length).toBeLessThan(Buffer.byteLength(bytes));
}

/** A remote's build folder as `pnpm build` leaves it: manifest, scripts, a standalone page, its Node build. */
function remoteBuild(name: string, seed: string): string {
  const build = join(work, name);
  mkdirSync(join(build, 'static', 'js'), { recursive: true });
  mkdirSync(join(build, 'ssr'), { recursive: true });
  writeFileSync(
    join(build, 'mf-manifest.json'),
    JSON.stringify({ name: 'mf_marketing', metaData: { buildInfo: { buildVersion: '1.0.0' } }, seed }),
  );
  writeFileSync(join(build, 'static', 'js', `main.${seed}.js`), scriptText(seed));
  writeFileSync(join(build, 'index.html'), `<!doctype html><title>mf_marketing</title>${scriptText(seed)}`);
  // One byte: no compressed form of it is smaller.
  writeFileSync(join(build, 'static', 'js', 'tiny.txt'), 'a');
  writeFileSync(join(build, 'static', 'logo.png'), scriptText('png'));
  writeFileSync(join(build, 'ssr', 'remoteEntry.js'), scriptText(`${seed}ssr`));
  return build;
}

describe('publishing a remote version', () => {
  it('writes brotli and gzip forms of its browser files that decompress to them, the sealed manifest’s included', () => {
    const deploy = join(work, 'deploy');
    const version = publishRemoteBuild(deploy, 'mf_marketing', remoteBuild('build', 'aaaa1111'));
    const dir = join(deploy, 'mf-marketing', version);
    for (const file of ['static/js/main.aaaa1111.js', 'index.html', 'mf-manifest.json']) {
      expectSiblingsOf(join(dir, file));
    }
    // The manifest's forms hold the integrity the seal wrote into it, not the build's manifest.
    expect(brotliOf(join(dir, 'mf-manifest.json'))).toContain('"integrity"');
    // Nothing where compression gives nothing: a one-byte file, an image, the Node build no browser fetches.
    for (const file of ['static/js/tiny.txt', 'static/logo.png', 'ssr/remoteEntry.js']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('seals the siblings with the files: one altered on the origin is found, and the next publish restores it', () => {
    const deploy = join(work, 'deploy');
    const build = remoteBuild('build', 'bbbb2222');
    const version = publishRemoteBuild(deploy, 'mf_marketing', build);
    const dir = join(deploy, 'mf-marketing', version);
    const record = readIntegrityRecord(deploy, 'mf-marketing', version);
    expect(record?.precompressed).toBe(true);
    expect(Object.keys(record?.files ?? {})).toEqual(
      expect.arrayContaining(['index.html.br', 'index.html.gz', 'mf-manifest.json.br']),
    );
    expect(record && alteredFiles(dir, record)).toEqual([]);

    const page = join(dir, 'index.html');
    writeFileSync(`${page}.br`, 'not what was published');
    expect(record && alteredFiles(dir, record)).toEqual(['index.html.br']);
    publishRemoteBuild(deploy, 'mf_marketing', build);
    expectSiblingsOf(page);
  });

  it('copies a version published before precompression afresh, siblings and all', () => {
    const deploy = join(work, 'deploy');
    const build = remoteBuild('build', 'cccc3333');
    const version = publishRemoteBuild(deploy, 'mf_marketing', build);
    const dir = join(deploy, 'mf-marketing', version);
    // The folder and record as an earlier publish left them: no siblings, no mark.
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (/\.(br|gz)$/.test(name)) rmSync(join(dir, name));
    }
    const { precompressed: _, ...record } = readIntegrityRecord(deploy, 'mf-marketing', version) ?? {
      algorithm: 'sha384' as const,
      manifest: '',
      files: {},
    };
    writeIntegrityRecord(deploy, 'mf-marketing', version, {
      ...record,
      files: Object.fromEntries(Object.entries(record.files).filter(([path]) => !/\.(br|gz)$/.test(path))),
    });
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);

    expect(publishRemoteBuild(deploy, 'mf_marketing', build)).toBe(version);
    expectSiblingsOf(join(dir, 'index.html'));
    expect(readIntegrityRecord(deploy, 'mf-marketing', version)?.precompressed).toBe(true);
  });
});

describe('a file’s siblings', () => {
  it('are written only when smaller, and a stale one goes when the file no longer compresses', () => {
    const file = join(work, 'notes.txt');
    writeFileSync(file, scriptText('notes'));
    precompressFile(file);
    expectSiblingsOf(file);
    writeFileSync(file, 'a');
    precompressFile(file);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});

describe('publishing the shell', () => {
  it('writes siblings for the build’s files and none for the environment’s, which change in place', () => {
    const deploy = join(work, 'deploy');
    const shellDir = join(deploy, 'shell');
    mkdirSync(shellDir, { recursive: true });
    const map = JSON.stringify({ schema: remoteMapSchema, microFrontends: {}, padding: scriptText('map') });
    writeFileSync(join(shellDir, 'remotes.json'), map);
    writeFileSync(join(shellDir, 'runtime.json'), JSON.stringify({ apiUrl: 'x', padding: scriptText('rt') }));
    publishShell(deploy);
    expectSiblingsOf(join(shellDir, 'index.html'));
    expectSiblingsOf(join(shellDir, 'mf-manifest.json'));
    for (const file of ['remotes.json', 'runtime.json']) {
      expect(existsSync(join(shellDir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(shellDir, `${file}.gz`)), file).toBe(false);
    }
    // The deployed shell is still the same version as its build: siblings are not part of it.
    expect(shellVersion(shellDir, serverBuildDir(deploy))).toBe(
      shellVersion(appDist('shell'), shellServerDist()),
    );
  });

  it('a release over the live shell leaves no sibling of the old bytes, and retires the old files’ siblings', () => {
    const target = join(work, 'live-shell');
    const build = (name: string, page: string, script: string) => {
      const dir = join(work, name);
      mkdirSync(join(dir, 'static', 'js'), { recursive: true });
      writeFileSync(join(dir, 'index.html'), page);
      writeFileSync(join(dir, 'static', 'js', script), scriptText(script));
      return dir;
    };
    expect(copyShellBuild(build('old', scriptText('old page'), 'index.1111aaaa.js'), target)).toEqual([]);
    expectSiblingsOf(join(target, 'index.html'));
    writeFileSync(join(target, 'remotes.json'), '{}');

    const retired = copyShellBuild(build('new', scriptText('new page'), 'index.2222bbbb.js'), target);
    // index.html was overwritten in place: its siblings are the new page's.
    expectSiblingsOf(join(target, 'index.html'));
    expect(brotliOf(join(target, 'index.html'))).toContain('new page');
    expectSiblingsOf(join(target, 'static', 'js', 'index.2222bbbb.js'));
    // The old script goes with its siblings once the new pages are live; the environment's files stay.
    expect(retired.sort()).toEqual([
      'static/js/index.1111aaaa.js',
      'static/js/index.1111aaaa.js.br',
      'static/js/index.1111aaaa.js.gz',
    ]);
  });
});

describe('writing the pages', () => {
  /** A shell folder with a canary of mf_marketing for buckets 0–19, so a variant set is written too. */
  function shellWithCanary(deploy: string) {
    mkdirSync(join(deploy, 'shell'), { recursive: true });
    writeFileSync(
      join(deploy, 'shell', 'index.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    );
    const entry = (version: string, traffic: number, isDefault: boolean) => ({
      url: `http://cdn.example/m/${version}/mf-manifest.json`,
      metadata: { version, integrity: `sha384-${'A'.repeat(64)}` },
      deployment: { traffic, default: isDefault },
    });
    writeFileSync(
      join(deploy, 'shell', 'remotes.json'),
      JSON.stringify({
        schema: remoteMapSchema,
        microFrontends: { mf_marketing: [entry('1.0.0', 80, true), entry('2.0.0', 20, false)] },
      }),
    );
  }

  const prerenderWith =
    (words: string): Prerender =>
    (_deploy, paths, _env, map) =>
      paths.map((path) => ({
        path,
        html: `<main>${words} ${map.mf_marketing?.version} ${scriptText(words)}</main>`,
        styles: '',
        failedSlots: [],
        renderErrors: [],
      }));

  it('gives every page, variants and the 404 page included, siblings that match it after each swap', () => {
    const deploy = join(work, 'deploy');
    shellWithCanary(deploy);
    for (const words of ['first release', 'second release']) {
      writePages(deploy, siteUrlsSetting({}), undefined, prerenderWith(words));
      for (const page of ['index.html', 'services.html', '404.html', 'buckets/0-20/services.html']) {
        const file = join(pagesDir(deploy), page);
        expectSiblingsOf(file);
        expect(brotliOf(file), page).toContain(words);
      }
      // The indexes beside the pages change with them but are read by the host, not sent compressed.
      expect(existsSync(join(pagesDir(deploy), 'buckets.json.br'))).toBe(false);
    }
  }, 30_000); // Every page brotli'd at quality 11 twice: seconds on a loaded 2-core machine (the how-to walk runs it there).
});

describe('links', () => {
  // A sibling is a regular file: written from a link's target, it would serve what the host refuses to serve.
  it('are not followed: a link in a published folder gets no siblings of what it points at', () => {
    writeFileSync(join(work, 'outside.js'), scriptText('outside'));
    const build = remoteBuild('linked-build', 'dddd4444');
    symlinkSync(join(work, 'outside.js'), join(build, 'static', 'js', 'linked.js'));
    const deploy = join(work, 'deploy');
    const version = publishRemoteBuild(deploy, 'mf_marketing', build);
    expect(existsSync(join(deploy, 'mf-marketing', version, 'static', 'js', 'linked.js.br'))).toBe(false);
  });
});
