import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeIntegrityRecord } from '../integrity.ts';
import { readRemoteMapDocument, remoteMapFile, setRemoteEntry } from '../remote-map-file.ts';
import { openDeploy } from './deploy.ts';

let deploy: string;
const manifest = (port: number, version: string) => `http://localhost:${port}/${version}/mf-manifest.json`;
const sealed = `sha384-${'C'.repeat(64)}`;
const seal = (folder: string, version: string) =>
  writeIntegrityRecord(deploy, folder, version, { algorithm: 'sha384', manifest: sealed, files: {} });

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'deploy-object-'));
  mkdirSync(join(deploy, 'shell'));
  seal('mf-marketing', '1.0.0-aaaaaaaa');
  seal('mf-portfolio', '1.0.0-bbbbbbbb');
  seal('mf-contact', '1.0.0-cccccccc');
  setRemoteEntry(deploy, 'mf_marketing', manifest(5001, '1.0.0-aaaaaaaa'));
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('a Deploy', () => {
  it('reads the remote map once for every question an operation asks of it', () => {
    const site = openDeploy(deploy);
    site.remoteMap();
    site.remoteMapUrls();
    site.defaultVersions();
    site.remoteMap({ integrity: 'optional' });
    site.liveStateReport('deploy', {
      dist: (folder) => join(deploy, 'no-build', folder),
      shellServer: deploy,
    });
    expect(site.mapReads).toBe(1);
    expect(site.remoteMapUrls()).toEqual({ mf_marketing: manifest(5001, '1.0.0-aaaaaaaa') });
  });

  it('makes a change as one transaction: one read under the lock, then what it wrote is what it reads', () => {
    const site = openDeploy(deploy);
    site.remoteMap();
    site.setRemoteEntry('mf_contact', manifest(5003, '1.0.0-cccccccc'));
    expect(site.mapReads).toBe(2);
    expect(Object.keys(site.remoteMap().microFrontends)).toEqual(['mf_marketing', 'mf_contact']);
    site.remoteMapUrls();
    expect(site.mapReads).toBe(2);
    expect(site.remoteMap()).toEqual(readRemoteMapDocument(deploy));
  });

  it('writes the same bytes as the path functions did', () => {
    const copy = mkdtempSync(join(tmpdir(), 'deploy-object-copy-'));
    try {
      mkdirSync(join(copy, 'shell'));
      const stored = readFileSync(remoteMapFile(deploy), 'utf8');
      writeFileSync(remoteMapFile(copy), stored);
      writeIntegrityRecord(copy, 'mf-contact', '1.0.0-cccccccc', {
        algorithm: 'sha384',
        manifest: sealed,
        files: {},
      });
      openDeploy(deploy).setRemoteEntry('mf_contact', manifest(5003, '1.0.0-cccccccc'));
      setRemoteEntry(copy, 'mf_contact', manifest(5003, '1.0.0-cccccccc'));
      const withoutTimes = (text: string) => text.replace(/"releasedAt": "[^"]+"/g, '"releasedAt": "…"');
      expect(withoutTimes(readFileSync(remoteMapFile(deploy), 'utf8'))).toBe(
        withoutTimes(readFileSync(remoteMapFile(copy), 'utf8')),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('two changes through two objects follow one another: neither undoes the other', () => {
    const first = openDeploy(deploy);
    const second = openDeploy(deploy);
    first.remoteMap();
    second.remoteMap();
    first.setRemoteEntry('mf_contact', manifest(5003, '1.0.0-cccccccc'));
    // The second object read the map before the first change: its change reads it again under the lock.
    second.setRemoteEntry('mf_portfolio', manifest(5002, '1.0.0-bbbbbbbb'));
    expect(Object.keys(readRemoteMapDocument(deploy).microFrontends)).toEqual([
      'mf_marketing',
      'mf_portfolio',
      'mf_contact',
    ]);
    expect(first.remoteMap()).toEqual(readRemoteMapDocument(deploy));
  });

  it('sees a map another writer replaced, without being told', () => {
    const site = openDeploy(deploy);
    expect(Object.keys(site.remoteMap().microFrontends)).toEqual(['mf_marketing']);
    setRemoteEntry(deploy, 'mf_contact', manifest(5003, '1.0.0-cccccccc'));
    expect(Object.keys(site.remoteMap().microFrontends)).toEqual(['mf_marketing', 'mf_contact']);
    expect(site.mapReads).toBe(2);
  });

  it('swaps a new set of pages in whole, leaving no staging folder', () => {
    const site = openDeploy(deploy);
    mkdirSync(site.pagesDir);
    writeFileSync(join(site.pagesDir, 'old.html'), 'old');
    site.swapInPages((staging) => {
      mkdirSync(staging);
      writeFileSync(join(staging, 'index.html'), 'new');
    });
    expect(readFileSync(join(site.pagesDir, 'index.html'), 'utf8')).toBe('new');
    expect(existsSync(join(site.pagesDir, 'old.html'))).toBe(false);
    expect(existsSync(`${site.pagesDir}.${process.pid}.staging`)).toBe(false);
  });
});

describe('the remote map’s lock', () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const lockModule = pathToFileURL(join(import.meta.dirname, '..', 'remote-map-file.ts')).href;
  let holder: ChildProcess | undefined;
  afterEach(() => {
    holder?.kill('SIGKILL');
    holder = undefined;
  });

  /** Another process that takes the map's lock and then hangs inside its change, until it is killed. */
  const holdLock = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const script =
        `const { withFileLock } = await import(${JSON.stringify(lockModule)});` +
        `withFileLock(${JSON.stringify(remoteMapFile(deploy))}, () => {` +
        `process.stdout.write('held\\n');` +
        'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); });';
      const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', () => resolve(child));
      child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
    });

  const change = () => openDeploy(deploy).setRemoteEntry('mf_contact', manifest(5003, '1.0.0-cccccccc'));

  it('refuses a change at once while another process holds it, changing nothing', async () => {
    holder = await holdLock();
    const before = readFileSync(remoteMapFile(deploy), 'utf8');
    expect(change).toThrow(
      `${remoteMapFile(deploy)} is locked by another release (${remoteMapFile(deploy)}.lock exists); ` +
        'wait for it, or delete the lock if none is running',
    );
    expect(readFileSync(remoteMapFile(deploy), 'utf8')).toBe(before);
  });

  it('refuses as before while a lock file of the older form is left, however old', () => {
    const lock = `${remoteMapFile(deploy)}.lock`;
    writeFileSync(lock, '');
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    expect(change).toThrow(
      /is locked by another release \(.*\.lock exists\); wait for it, or delete the lock/,
    );
  });

  it('is taken over once its holder was killed and the lock went stale, not held for ever', async () => {
    holder = await holdLock();
    const exited = new Promise((resolve) => holder?.on('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    const lock = `${remoteMapFile(deploy)}.lock`;
    expect(existsSync(lock)).toBe(true);
    // Just killed, the lock is as fresh as a live holder's: still refused.
    expect(change).toThrow(/is locked by another release/);
    const longAgo = new Date(Date.now() - 11_000);
    utimesSync(lock, longAgo, longAgo);
    change();
    expect(Object.keys(readRemoteMapDocument(deploy).microFrontends)).toEqual(['mf_marketing', 'mf_contact']);
    expect(existsSync(lock)).toBe(false);
  });
});
