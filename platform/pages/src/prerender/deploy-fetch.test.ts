import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrityOf, writeIntegrityRecord } from 'deploy-folder/integrity';
import { pinnedDocument } from 'federation/remote-map';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deployFetch, deployFileFor, deployMounts, IntegrityRefusal } from './deploy-fetch.ts';

let deploy: string;
const env = { AGENCY_PORT_BASE: '5600' };

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'deploy-fetch-test-'));
  mkdirSync(join(deploy, 'mf-portfolio', '1.0.0-abc', 'ssr'), { recursive: true });
  writeFileSync(join(deploy, 'mf-portfolio', '1.0.0-abc', 'ssr', 'remoteEntry.js'), 'module.exports = 1;');
  writeFileSync(join(deploy, 'mf-portfolio', '1.0.0-abc', 'ssr', 'unrecorded.js'), 'module.exports = 2;');
  // What the release recorded for that version (integrity.ts): the entry, not the file added later.
  writeIntegrityRecord(deploy, 'mf-portfolio', '1.0.0-abc', {
    algorithm: 'sha384',
    manifest: integrityOf('{}'),
    files: { 'ssr/remoteEntry.js': integrityOf('module.exports = 1;') },
  });
  mkdirSync(join(deploy, 'shell'), { recursive: true });
  writeFileSync(join(deploy, 'shell', 'remotes.json'), '{"mf_portfolio":"x"}');
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('the prerenderer’s transport', () => {
  it('maps each app’s local origin to its deploy folder', () => {
    const mounts = deployMounts(deploy, siteUrlsSetting(env));
    expect(deployFileFor('http://localhost:5602/1.0.0-abc/ssr/remoteEntry.js', mounts)).toBe(
      join(deploy, 'mf-portfolio', '1.0.0-abc', 'ssr', 'remoteEntry.js'),
    );
    expect(deployFileFor('http://localhost:5600/remotes.json', mounts)).toBe(
      join(deploy, 'shell', 'remotes.json'),
    );
    expect(deployFileFor('https://elsewhere.example/mf-manifest.json', mounts)).toBeNull();
  });

  it('maps a remotes origin (CDN) to the whole deploy folder', () => {
    const mounts = deployMounts(
      deploy,
      siteUrlsSetting({ ...env, AGENCY_REMOTES_ORIGIN: 'https://cdn.example.com/' }),
    );
    expect(deployFileFor('https://cdn.example.com/mf-portfolio/1.0.0-abc/mf-manifest.json', mounts)).toBe(
      join(deploy, 'mf-portfolio', '1.0.0-abc', 'mf-manifest.json'),
    );
  });

  it('never reads outside a mount, whatever the URL says', () => {
    const mounts = deployMounts(deploy, siteUrlsSetting(env));
    expect(deployFileFor('http://localhost:5602/..%2F..%2Fetc%2Fpasswd', mounts)).toBeNull();
  });

  it('answers files from disk, the shell’s paths by path, 404 for a missing file, and the network otherwise', async () => {
    const network: typeof fetch = async () => new Response('from the network');
    const fetchFile = deployFetch(deploy, siteUrlsSetting(env), network);
    expect(await (await fetchFile('http://localhost:5602/1.0.0-abc/ssr/remoteEntry.js')).text()).toBe(
      'module.exports = 1;',
    );
    expect(await (await fetchFile('/remotes.json')).json()).toEqual({ mf_portfolio: 'x' });
    expect((await fetchFile('http://localhost:5602/2.0.0-def/mf-manifest.json')).status).toBe(404);
    expect(await (await fetchFile('https://elsewhere.example/a.js')).text()).toBe('from the network');
  });

  it('answers the remote map with the one it is given (a page variant’s), by path and by URL, and the rest from disk', async () => {
    const pinned = pinnedDocument({
      mf_portfolio: { url: 'http://localhost:5602/1.0.0-abc/mf-manifest.json', version: '1.0.0-abc' },
    });
    const fetchFile = deployFetch(
      deploy,
      siteUrlsSetting(env),
      async () => new Response('from the network'),
      pinned,
    );
    for (const url of ['/remotes.json', '/remotes.json?fresh=1', 'http://localhost:5600/remotes.json']) {
      const response = await fetchFile(url);
      expect(response.headers.get('Content-Type')).toBe('application/json');
      expect(await response.json()).toEqual(pinned);
    }
    expect(await (await fetchFile('http://localhost:5602/1.0.0-abc/ssr/remoteEntry.js')).text()).toBe(
      'module.exports = 1;',
    );
    // Without one, the deployed file is what the shell gets, as before.
    expect(await (await deployFetch(deploy, siteUrlsSetting(env))('/remotes.json')).json()).toEqual({
      mf_portfolio: 'x',
    });
  });

  it('refuses a remote file that differs from its release record, one it never recorded, and an unsealed version', async () => {
    const fetchFile = deployFetch(deploy, siteUrlsSetting(env), async () => new Response('from the network'));
    const entry = 'http://localhost:5602/1.0.0-abc/ssr/remoteEntry.js';
    writeFileSync(
      join(deploy, 'mf-portfolio', '1.0.0-abc', 'ssr', 'remoteEntry.js'),
      'module.exports = 666;',
    );
    await expect(fetchFile(entry)).rejects.toThrow(
      `refused ${entry}: mf-portfolio 1.0.0-abc/ssr/remoteEntry.js differs from what its release recorded (SHA-384)`,
    );
    await expect(fetchFile('http://localhost:5602/1.0.0-abc/ssr/unrecorded.js')).rejects.toThrow(
      'mf-portfolio 1.0.0-abc/ssr/unrecorded.js is not a file its release recorded',
    );
    mkdirSync(join(deploy, 'mf-portfolio', '0.9.0-old'), { recursive: true });
    writeFileSync(join(deploy, 'mf-portfolio', '0.9.0-old', 'mf-manifest.json'), '{}');
    const unsealed = fetchFile('http://localhost:5602/0.9.0-old/mf-manifest.json');
    await expect(unsealed).rejects.toThrow(IntegrityRefusal);
    await expect(unsealed).rejects.toThrow('has no integrity record');
  });
});
