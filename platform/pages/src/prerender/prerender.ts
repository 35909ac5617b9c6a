/**
 * The prerender step: the HTML of every page, rendered in Node from the deployed shell's Node build and the
 * given versions of the remotes (their Node builds, loaded through the federation runtime): the default ones,
 * or a page variant's (../pages/variants.ts). Part of every start, release and rollback, through writePages
 * (pages.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import { pinnedDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import { openSandbox } from 'platform-kit/sandbox';
import { renderSandboxEnvironment, type SiteAddresses } from 'platform-kit/settings/site';
import { copyRenderView } from './sandbox-view.ts';

export interface PrerenderResult {
  /** The page's path, or null for the 404 page. */
  path: string | null;
  html: string;
  styles: string;
  failedSlots: Array<{ slot: string; reason: string }>;
  renderErrors: string[];
  /** The render errors thrown inside a slot, with the slot; absent from a shell build older than the field. */
  slotErrors?: Array<{ slot: string; error: string }>;
}

export class PrerenderError extends Error {
  override name = 'PrerenderError';
}

/**
 * Renders the given pages (null: the 404 page) with the given versions of the remotes. Throws PrerenderError if
 * the step itself cannot run. Each call is a process of its own: the shell's Node build takes one transport,
 * and so one remote map, per process.
 */
export function prerenderPages(
  deploy: string,
  paths: ReadonlyArray<string | null>,
  addresses: SiteAddresses,
  remoteMap: ResolvedRemoteMap,
): PrerenderResult[] {
  if (!existsSync(join(serverBuildDir(deploy), serverEntryFile))) {
    throw new PrerenderError(`No shell Node build at ${serverBuildDir(deploy)}: publish the shell first`);
  }
  // The remotes' Node code runs in it: a sandbox (platform-kit/sandbox) that reads a copy of what it renders,
  // with no network (every file it needs is in that copy) and no secret.
  const sandbox = openSandbox('prerender');
  try {
    copyRenderView(deploy, sandbox.view, remoteMap);
    const result = sandbox.run({
      worker: join(import.meta.dirname, 'worker.ts'),
      args: [sandbox.view, JSON.stringify(pinnedDocument(remoteMap)), ...paths.map((path) => path ?? '')],
      settings: renderSandboxEnvironment(addresses),
      memoryMb: 1024,
      maxBuffer: 256 * 1024 * 1024,
      timeoutMs: 120_000,
    });
    if (result.error) throw new PrerenderError(`The prerenderer could not run: ${result.error.message}`);
    if (result.status !== 0) {
      const said = sandbox.hide(result.stderr.trim());
      throw new PrerenderError(`The prerenderer failed (exit ${result.status ?? result.signal}):\n${said}`);
    }
    try {
      return JSON.parse(sandbox.hide(result.stdout)) as PrerenderResult[];
    } catch {
      throw new PrerenderError('The prerenderer printed something other than its results');
    }
  } finally {
    sandbox.remove();
  }
}
