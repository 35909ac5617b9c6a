import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import { pinnedDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prerenderPages } from './prerender.ts';

let deploy: string;
const integrity = `sha384-${'A'.repeat(64)}`;
const env = { ...process.env, AGENCY_PORT_BASE: '5600' };

/*
 * A stand-in for the shell's Node build, run by the real worker in its own process: each page is what it got
 * through the transport for /remotes.json and the asset bases, so the test sees what the shell would render from.
 */
const serverEntry = `module.exports = {
  takesTransport: true,
  async renderPage(path, transport) {
    const remoteMap = await (await transport.fetch('/remotes.json')).json();
    const html = JSON.stringify({ path, remoteMap, assetBases: transport.assetBases });
    return { html, styles: '', failedSlots: [], renderErrors: [] };
  },
};
`;

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'prerender-test-'));
  mkdirSync(serverBuildDir(deploy), { recursive: true });
  writeFileSync(join(serverBuildDir(deploy), serverEntryFile), serverEntry);
  mkdirSync(join(deploy, 'shell'), { recursive: true });
  // The deployed map says otherwise: the worker must not read it.
  writeFileSync(
    join(deploy, 'shell', 'remotes.json'),
    JSON.stringify({
      mf_marketing: { url: 'http://localhost:5601/1.0.0-default/mf-manifest.json', integrity },
    }),
  );
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('the prerender worker', () => {
  it('gives the shell the versions it is asked to render: the pinned map for /remotes.json and their asset bases', () => {
    const canary: ResolvedRemoteMap = {
      mf_marketing: {
        url: 'http://localhost:5601/2.0.0-canary/mf-manifest.json',
        version: '2.0.0-canary',
        integrity,
      },
      mf_portfolio: {
        url: 'http://localhost:5602/1.0.0-abc/mf-manifest.json',
        version: '1.0.0-abc',
        integrity,
      },
    };
    const [home, notFound] = prerenderPages(deploy, ['/', null], siteUrlsSetting(env), canary);
    expect(home?.path).toBe('/');
    expect(notFound?.path).toBeNull();
    const seen = JSON.parse(home?.html ?? '{}');
    expect(seen.remoteMap).toEqual(pinnedDocument(canary));
    expect(seen.assetBases).toEqual({
      mf_marketing: 'http://localhost:5601/2.0.0-canary/',
      mf_portfolio: 'http://localhost:5602/1.0.0-abc/',
    });
    expect(JSON.parse(notFound?.html ?? '{}').path).toBe('/__page-not-found__');
  }, 30_000);
});
