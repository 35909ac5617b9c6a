/**
 * Runs in its own process (prerender.ts starts it), because the federation runtime keeps global state and
 * this swaps the global fetch: renders every page of the site with the deployed shell's Node build and
 * prints the results as JSON on stdout.
 *   node --import tsx worker.ts <deploy folder> <path>...   ("" stands for the 404 page)
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { assetBasesGlobal } from 'build-config/ssr-asset-base';
import { readRemoteMap } from '../remote-map-file.ts';
import { deployFetch } from './deploy-fetch.ts';
import { type PrerenderResult, serverBuildDir, serverEntryFile } from './prerender.ts';

/** A path no route matches, for the 404 page. */
const notFoundPath = '/__page-not-found__';

interface ServerEntry {
  renderPage(path: string): Promise<Omit<PrerenderResult, 'path'>>;
}

const [deploy, ...paths] = process.argv.slice(2);
if (!deploy) throw new Error('usage: worker.ts <deploy folder> <path>...');

globalThis.fetch = deployFetch(deploy, process.env);
// In Node a remote's images resolve against the folder its browser build is served from: its manifest's.
// An entry that is no URL is the shell's to report (remote-map.ts); its slots are prerendered as fallbacks.
(globalThis as Record<string, unknown>)[assetBasesGlobal] = Object.fromEntries(
  Object.entries(readRemoteMap(deploy)).flatMap(([name, manifest]) =>
    URL.canParse(String(manifest)) ? [[name, new URL('.', String(manifest)).href]] : [],
  ),
);
// stdout carries only the results: whatever the runtime or a component logs goes to stderr.
console.log = console.error;

const entry = createRequire(import.meta.url)(join(serverBuildDir(deploy), serverEntryFile)) as ServerEntry;
const results: PrerenderResult[] = [];
for (const path of paths) {
  const page = await entry.renderPage(path === '' ? notFoundPath : path);
  results.push({ path: path === '' ? null : path, ...page });
}
process.stdout.write(JSON.stringify(results));
