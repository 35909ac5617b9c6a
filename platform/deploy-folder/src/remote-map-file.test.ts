import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteMapSchema } from 'federation/remote-map';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeIntegrityRecord } from './integrity.ts';
import {
  readRemoteMap,
  readRemoteMapDocument,
  remoteMapFile,
  setRemoteEntry,
  updateRemoteMap,
} from './remote-map-file.ts';

let deploy: string;
const manifest = (port: number, version: string) => `http://localhost:${port}/${version}/mf-manifest.json`;
const sealedManifest = `sha384-${'C'.repeat(64)}`;
const legacy = {
  mf_marketing: { url: manifest(5001, '1.0.0-aaaaaaaa'), integrity: `sha384-${'A'.repeat(64)}` },
  mf_contact: { url: manifest(5003, '1.0.0-cccccccc'), integrity: `sha384-${'B'.repeat(64)}` },
};
const stored = () => JSON.parse(readFileSync(remoteMapFile(deploy), 'utf8'));

/** What a release records for a version it published: the map's entry carries its manifest's hash. */
const seal = (folder: string, version: string) =>
  writeIntegrityRecord(deploy, folder, version, { algorithm: 'sha384', manifest: sealedManifest, files: {} });

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'remote-map-file-'));
  mkdirSync(join(deploy, 'shell'));
  for (const [folder, version] of [
    ['mf-contact', '1.0.0-cccccccc'],
    ['mf-contact', 'a'],
    ['mf-portfolio', '2.0.0-bbbbbbbb'],
    ['mf-marketing', 'b'],
  ] as const)
    seal(folder, version);
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('the environment’s remote map file', () => {
  it('reads a map of the older form as one default version per remote', () => {
    writeFileSync(remoteMapFile(deploy), JSON.stringify(legacy));
    expect(readRemoteMap(deploy)).toEqual({
      mf_marketing: manifest(5001, '1.0.0-aaaaaaaa'),
      mf_contact: manifest(5003, '1.0.0-cccccccc'),
    });
  });

  it('the first write migrates a map of the older form, keeping every URL and integrity', () => {
    writeFileSync(remoteMapFile(deploy), JSON.stringify(legacy));
    setRemoteEntry(deploy, 'mf_contact', legacy.mf_contact.url);
    expect(stored()).toEqual({
      schema: remoteMapSchema,
      microFrontends: {
        mf_marketing: [
          {
            url: legacy.mf_marketing.url,
            metadata: { version: '1.0.0-aaaaaaaa', integrity: legacy.mf_marketing.integrity },
            deployment: { traffic: 100, default: true },
          },
        ],
        mf_contact: [
          {
            url: legacy.mf_contact.url,
            metadata: { version: '1.0.0-cccccccc', integrity: sealedManifest },
            deployment: { traffic: 100, default: true },
            extras: { releasedAt: expect.any(String) },
          },
        ],
      },
    });
  });

  it('any write stores the new form, the other remotes as they were', () => {
    writeFileSync(remoteMapFile(deploy), JSON.stringify(legacy));
    setRemoteEntry(deploy, 'mf_portfolio', manifest(5002, '2.0.0-bbbbbbbb'));
    const document = readRemoteMapDocument(deploy);
    expect(Object.keys(document.microFrontends)).toEqual(['mf_marketing', 'mf_portfolio', 'mf_contact']);
    expect(document.microFrontends.mf_portfolio?.[0]?.metadata.version).toBe('2.0.0-bbbbbbbb');
    expect(document.microFrontends.mf_portfolio?.[0]?.extras?.releasedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(stored().schema).toBe(remoteMapSchema);
  });

  it('setting the version already live keeps its release time', () => {
    setRemoteEntry(deploy, 'mf_contact', manifest(5003, '1.0.0-cccccccc'));
    const first = readRemoteMapDocument(deploy).microFrontends.mf_contact?.[0]?.extras?.releasedAt;
    setRemoteEntry(deploy, 'mf_contact', manifest(5003, '1.0.0-cccccccc'));
    expect(readRemoteMapDocument(deploy).microFrontends.mf_contact?.[0]?.extras?.releasedAt).toBe(first);
  });

  it('refuses a broken map naming the file and the field, and writes nothing over it', () => {
    const broken = JSON.stringify({
      schema: remoteMapSchema,
      microFrontends: {
        mf_contact: [
          {
            url: manifest(5003, 'a'),
            metadata: { version: 'a', integrity: sealedManifest },
            deployment: { traffic: 90, default: true },
          },
        ],
      },
    });
    writeFileSync(remoteMapFile(deploy), broken);
    expect(() => readRemoteMap(deploy)).toThrow(
      /remotes\.json is refused: microFrontends\.mf_contact\[\]\.deployment\.traffic must be shares that add up to 100, got 90/,
    );
    expect(() => setRemoteEntry(deploy, 'mf_marketing', manifest(5001, 'b'))).toThrow(/is refused/);
    expect(readFileSync(remoteMapFile(deploy), 'utf8')).toBe(broken);
  });

  it('refuses to write a map the shell would refuse', () => {
    setRemoteEntry(deploy, 'mf_contact', manifest(5003, 'a'));
    const before = readFileSync(remoteMapFile(deploy), 'utf8');
    expect(() =>
      updateRemoteMap(deploy, (document) => ({
        ...document,
        microFrontends: {
          mf_contact: [
            {
              url: manifest(5003, 'a'),
              metadata: { version: 'a', integrity: sealedManifest },
              deployment: { traffic: 50, default: true },
            },
          ],
        },
      })),
    ).toThrow(/add up to 100/);
    expect(readFileSync(remoteMapFile(deploy), 'utf8')).toBe(before);
  });

  it('never writes an entry without integrity: a version without its release record is refused', () => {
    expect(() => setRemoteEntry(deploy, 'mf_portfolio', manifest(5002, '9.9.9-unsealed'))).toThrow(
      'mf-portfolio 9.9.9-unsealed has no integrity record (published before releases were sealed); release its build again',
    );
  });

  it('refuses to read a map with an unsealed entry, but a release can replace that entry', () => {
    writeFileSync(
      remoteMapFile(deploy),
      JSON.stringify({ ...legacy, mf_contact: legacy.mf_contact.url, mf_portfolio: manifest(5002, 'old') }),
    );
    expect(() => readRemoteMap(deploy)).toThrow(
      /mf_contact\[0\]\.metadata\.integrity must be a SHA-384 SRI value .* \(release that remote again to seal it\)/,
    );
    // Released one by one, the remotes seal it: each write carries the release's integrity.
    setRemoteEntry(deploy, 'mf_portfolio', manifest(5002, '2.0.0-bbbbbbbb'));
    expect(() => readRemoteMap(deploy)).toThrow(/mf_contact\[0\]\.metadata\.integrity/);
    setRemoteEntry(deploy, 'mf_contact', legacy.mf_contact.url);
    expect(readRemoteMap(deploy).mf_contact).toBe(legacy.mf_contact.url);
    expect(readRemoteMapDocument(deploy).microFrontends.mf_contact?.[0]?.metadata.integrity).toBe(
      sealedManifest,
    );
  });

  it('names a file that is not JSON', () => {
    writeFileSync(remoteMapFile(deploy), '{ nope');
    expect(() => readRemoteMap(deploy)).toThrow(/remotes\.json is not valid JSON/);
  });
});
