/**
 * Runs in its own process (prerender.ts starts it), because the federation runtime keeps global state of its
 * own (its instances, the remotes it loaded): renders every page of the site with the deployed shell's Node
 * build, which reaches the deployed site only through the transport given to renderPage, and prints the
 * results as JSON on stdout. The remote map it is given (a document pinning one version per remote, as
 * prerender.ts writes it) is what the shell gets for /remotes.json, so the pages render those versions: the
 * default ones, or a page variant's.
 *   node --import tsx worker.ts <deploy folder> <remote map JSON> <path>...   ("" stands for the 404 page)
 */

// First: what Node 20's permission model needs of fs before the federation runtime loads.
import 'platform-kit/sandbox-worker';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import { defaultRemoteMap, parseRemoteMapDocument, urlsAndIntegrity } from 'federation/remote-map';
import { siteAddressesSetting } from 'platform-kit/settings/site';
import { deployFetch } from './deploy-fetch.ts';
import type { PrerenderResult } from './prerender.ts';
import { assetBasesOf, type PrerenderTransport } from './transport.ts';

/** A path no route matches, for the 404 page. */
const notFoundPath = '/__page-not-found__';

/** What the shell's Node build exports; `takesTransport` is absent from a build published before it took one. */
type ServerEntry = Omit<typeof import('shell/server'), 'takesTransport'> & { takesTransport?: true };

const [deploy, remoteMapJson, ...paths] = process.argv.slice(2);
if (!deploy || !remoteMapJson)
  throw new Error('usage: worker.ts <deploy folder> <remote map JSON> <path>...');
const remoteMap = parseRemoteMapDocument(JSON.parse(remoteMapJson));

// stdout carries only the results: whatever the runtime or a component logs goes to stderr. This is about
// output alone; nothing reaches the deployed site but through the transport below.
console.log = console.error;

const entryFile = join(serverBuildDir(deploy), serverEntryFile);
const entry = createRequire(import.meta.url)(entryFile) as ServerEntry;
if (entry.takesTransport !== true) {
  throw new Error(
    `${entryFile} is older than the prerenderer (it takes no transport): publish the shell again`,
  );
}
const transport: PrerenderTransport = {
  fetch: deployFetch(deploy, siteAddressesSetting(process.env), fetch, remoteMap),
  assetBases: assetBasesOf(urlsAndIntegrity(defaultRemoteMap(remoteMap)).urls),
};
const results: PrerenderResult[] = [];
for (const path of paths) {
  const page = await entry.renderPage(path === '' ? notFoundPath : path, transport);
  results.push({ path: path === '' ? null : path, ...page });
}
process.stdout.write(JSON.stringify(results));
