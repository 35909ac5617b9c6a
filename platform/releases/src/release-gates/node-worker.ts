/**
 * The release gates' Node renders, in a process of their own as the prerender's are (the federation runtime keeps
 * global state, and the shell's Node build takes one transport per process): with the deployed shell's Node
 * build and the candidate deploy (candidate-deploy.ts), it prerenders the given pages and renders each given
 * expose with its props, and prints the results as JSON on stdout.
 *   node --import tsx node-worker.ts <request JSON>
 */

// First: what Node 20's permission model needs of fs before the federation runtime loads.
import 'platform-kit/sandbox-worker';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import { defaultRemoteMap, pinnedDocument, urlsAndIntegrity } from 'federation/remote-map';
import { siteAddressesSetting } from 'platform-kit/settings/site';
import { deployFetch } from 'site-pages/prerender/deploy-fetch';
import { assetBasesOf, type PrerenderTransport } from 'site-pages/prerender/transport';
import type { NodeRenderReport, NodeRenderRequest } from './node-renders.ts';

type ServerEntry = Partial<typeof import('shell/server')>;

const request = JSON.parse(process.argv[2] ?? '') as NodeRenderRequest;
// stdout carries only the results: whatever the runtime or a component logs goes to stderr.
console.log = console.error;
console.warn = console.error;

const entry = createRequire(import.meta.url)(
  join(serverBuildDir(request.deploy), serverEntryFile),
) as ServerEntry;
const remoteMap = pinnedDocument(request.resolved);
const transport: PrerenderTransport = {
  fetch: deployFetch(request.deploy, siteAddressesSetting(process.env), fetch, remoteMap),
  assetBases: assetBasesOf(urlsAndIntegrity(defaultRemoteMap(remoteMap)).urls),
};
const report: NodeRenderReport = { pages: [], exposes: [], rendersExposes: !!entry.rendersExposes };
for (const path of request.pages) {
  if (!entry.renderPage || entry.takesTransport !== true) break;
  const { failedSlots, renderErrors, slotErrors } = await entry.renderPage(path, transport);
  report.pages.push({ path, failedSlots, renderErrors, ...(slotErrors ? { slotErrors } : {}) });
}
for (const { module, props, index } of request.exposes) {
  if (!entry.renderExpose) break;
  const rendered = await entry.renderExpose(request.remote, module, props, transport);
  report.exposes.push({ module, index, ...rendered });
}
process.stdout.write(JSON.stringify(report));
