import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { releaseVersion } from './publish.ts';

let build: string;
const manifest = { metaData: { buildInfo: { buildVersion: '1.2.0' } } };

beforeEach(() => {
  build = mkdtempSync(join(tmpdir(), 'publish-test-'));
  writeFileSync(join(build, 'mf-manifest.json'), JSON.stringify(manifest));
});
afterEach(() => rmSync(build, { recursive: true, force: true }));

describe('releaseVersion', () => {
  it('is the package version and a hash, the same for the same build', () => {
    expect(releaseVersion(build)).toMatch(/^1\.2\.0-[0-9a-f]{8}$/);
    expect(releaseVersion(build)).toBe(releaseVersion(build));
  });

  it('changes when only the Node build changed, whose entry has no hash in its name', () => {
    mkdirSync(join(build, 'ssr', 'chunks'), { recursive: true });
    writeFileSync(join(build, 'ssr', 'remoteEntry.js'), 'module.exports = 1;');
    writeFileSync(join(build, 'ssr', 'chunks', 'a.js'), 'exports.a = 1;');
    const first = releaseVersion(build);
    writeFileSync(join(build, 'ssr', 'remoteEntry.js'), 'module.exports = 2;');
    const second = releaseVersion(build);
    expect(second).not.toBe(first);
    // A file moved is a change too, even with the same bytes.
    rmSync(join(build, 'ssr', 'chunks'), { recursive: true });
    mkdirSync(join(build, 'ssr', 'other'));
    writeFileSync(join(build, 'ssr', 'other', 'a.js'), 'exports.a = 1;');
    expect(releaseVersion(build)).not.toBe(second);
  });

  it('a browser-only build is versioned by its manifest alone', () => {
    const withoutNode = releaseVersion(build);
    writeFileSync(join(build, 'other.txt'), 'not part of the version');
    expect(releaseVersion(build)).toBe(withoutNode);
  });
});
