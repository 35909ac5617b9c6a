/**
 * The Node half of the release gates: the prerender of every page that shows the remote, and a render of every
 * declared expose with each set of its props, both with the deployed shell's Node build (the shell a visitor's
 * page is rendered with) and the build in the remote's place (candidate-deploy.ts). Run in a child process
 * (node-worker.ts) and waited for, as the prerender is, so a release stays one synchronous step.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from 'build-config/topology';
import { deployedSite } from 'deploy-folder/site-description';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { serverBuildDir, serverEntryFile } from 'deploy-model/layout';
import type { ResolvedRemoteMap } from 'federation/remote-map';
import { pathsShowing } from 'federation/site-description';
import type { Sandbox } from 'platform-kit/sandbox';
import { renderSandboxEnvironment } from 'platform-kit/settings/site';
import type { ExposeRender } from './render-plan.ts';

export interface NodeRenderRequest {
  deploy: string;
  remote: RemoteName;
  resolved: ResolvedRemoteMap;
  pages: string[];
  exposes: ExposeRender[];
}

export interface NodeRenderReport {
  pages: Array<{
    path: string;
    failedSlots: Array<{ slot: string; reason: string }>;
    renderErrors: string[];
    /** Absent from a shell built before it told errors to their slots. */
    slotErrors?: Array<{ slot: string; error: string }>;
  }>;
  exposes: Array<{ module: string; index: number; loadError?: string; renderError?: string }>;
  /** False for a shell built before renderExpose. */
  rendersExposes: boolean;
}

/**
 * Every route (its canonical path) of the deployed shell with a slot of the remote: the pages a release of it is
 * prerendered into.
 */
export const pagesShowing = (deploy: string, remote: RemoteName): string[] =>
  pathsShowing(deployedSite(deploy), remote);

/**
 * Runs the Node renders in the sandbox whose view holds the candidate deploy (its own process, no network, no
 * secret, reading only that view); throws when they could not run at all (no shell Node build, the worker failed).
 */
export function renderInNode(
  request: NodeRenderRequest,
  settings: ChangeSettings,
  sandbox: Sandbox,
): NodeRenderReport {
  if (!existsSync(join(serverBuildDir(request.deploy), serverEntryFile))) {
    throw new Error('no shell Node build is deployed here to render it with: publish the shell first');
  }
  const result = sandbox.run({
    worker: join(import.meta.dirname, 'node-worker.ts'),
    args: [JSON.stringify(request)],
    settings: renderSandboxEnvironment(settings),
    memoryMb: 1024,
    maxBuffer: 64 * 1024 * 1024,
    timeoutMs: 180_000,
  });
  if (result.error) throw new Error(`the Node renders could not run: ${result.error.message}`);
  if (result.status !== 0) {
    const said = sandbox.hide(result.stderr.trim().split('\n').slice(-20).join('\n'));
    const ended = result.signal
      ? `ended by ${result.signal}: out of time or memory`
      : `exit ${result.status}`;
    throw new Error(`the Node renders failed (${ended}):\n${said}`);
  }
  return JSON.parse(sandbox.hide(result.stdout)) as NodeRenderReport;
}
