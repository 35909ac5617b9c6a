import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  alteredFiles,
  integrityOf,
  readIntegrityRecord,
  sealVersion,
  writeIntegrityRecord,
} from './integrity.ts';

/** A small version folder as a remote's build leaves it. */
function versionFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'integrity-'));
  mkdirSync(join(dir, 'static', 'js', 'async'), { recursive: true });
  mkdirSync(join(dir, 'ssr'), { recursive: true });
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { name: 'mf_portfolio' } }));
  writeFileSync(join(dir, 'static', 'js', 'entry.js'), 'entry();');
  writeFileSync(join(dir, 'static', 'js', 'async', '1.js'), 'chunk();');
  writeFileSync(join(dir, 'ssr', 'remoteEntry.js'), 'module.exports = {};');
  return dir;
}

describe('sealing a release', () => {
  it('gives SRI values the browser computes: sha384 and base64', () => {
    expect(integrityOf('chunk();')).toBe(
      `sha384-${createHash('sha384').update('chunk();').digest('base64')}`,
    );
  });

  it('lists every browser file in the manifest and records every file, the sealed manifest included', () => {
    const dir = versionFolder();
    const record = sealVersion(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData).toEqual({
      name: 'mf_portfolio',
      integrity: {
        'static/js/async/1.js': integrityOf('chunk();'),
        'static/js/entry.js': integrityOf('entry();'),
      },
    });
    expect(Object.keys(record.files)).toEqual([
      'mf-manifest.json',
      'ssr/remoteEntry.js',
      'static/js/async/1.js',
      'static/js/entry.js',
    ]);
    expect(record.manifest).toBe(integrityOf(readFileSync(join(dir, 'mf-manifest.json'))));
    expect(alteredFiles(dir, record)).toEqual([]);
  });

  it('finds a file changed by one byte, a missing one and one added since', () => {
    const dir = versionFolder();
    const record = sealVersion(dir);
    writeFileSync(join(dir, 'static', 'js', 'async', '1.js'), 'chunk()!');
    writeFileSync(join(dir, 'static', 'js', 'async', '2.js'), 'extra();');
    expect(alteredFiles(dir, record)).toEqual(['static/js/async/1.js', 'static/js/async/2.js']);
  });

  it('keeps the record beside the deploy folder’s release log and refuses a broken one by name', () => {
    const deploy = mkdtempSync(join(tmpdir(), 'integrity-deploy-'));
    expect(readIntegrityRecord(deploy, 'mf-portfolio', '1.0.0-abc')).toBeNull();
    const record = sealVersion(versionFolder());
    writeIntegrityRecord(deploy, 'mf-portfolio', '1.0.0-abc', record);
    expect(readIntegrityRecord(deploy, 'mf-portfolio', '1.0.0-abc')).toEqual(record);
    writeFileSync(join(deploy, 'releases', 'mf-portfolio', '1.0.0-abc.integrity.json'), '{"files":{}}');
    expect(() => readIntegrityRecord(deploy, 'mf-portfolio', '1.0.0-abc')).toThrow(
      /1\.0\.0-abc\.integrity\.json is not an integrity record/,
    );
  });
});
