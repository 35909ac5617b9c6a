/**
 * The prerender step: the HTML of every page, rendered in Node from the deployed shell's Node build and the
 * given versions of the remotes (their Node builds, loaded through the federation runtime): the default ones,
 * or a page variant's (../pages/variants.ts). Part of every start, release and rollback, through writePages
 * (pages.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import { pinnedDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import { repoRoot } from 'platform-kit/paths';

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

// The worker is TypeScript, like every script here: run it through tsx's loader, found from this repo.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

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
  env: NodeJS.ProcessEnv,
  remoteMap: ResolvedRemoteMap,
): PrerenderResult[] {
  if (!existsSync(join(serverBuildDir(deploy), serverEntryFile))) {
    throw new PrerenderError(`No shell Node build at ${serverBuildDir(deploy)}: publish the shell first`);
  }
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      tsxLoader,
      join(import.meta.dirname, 'worker.ts'),
      deploy,
      JSON.stringify(pinnedDocument(remoteMap)),
      ...paths.map((path) => path ?? ''),
    ],
    { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 },
  );
  if (result.error) throw new PrerenderError(`The prerenderer could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new PrerenderError(`The prerenderer failed (exit ${result.status}):\n${result.stderr.trim()}`);
  }
  try {
    return JSON.parse(result.stdout) as PrerenderResult[];
  } catch {
    throw new PrerenderError('The prerenderer printed something other than its results');
  }
}
