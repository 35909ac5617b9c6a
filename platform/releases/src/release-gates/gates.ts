/**
 * The release gates: a build is released (or made a canary) only if every expose renders. Before anything is
 * published, with the build in its remote's place (candidate-deploy.ts):
 * - the prerender of every page that shows the remote, with the deployed shell's Node build: a slot of the
 *   remote that throws (or does not load) while its page is prerendered;
 * - every expose the build declares, rendered with each set of its declared props, in Node (the build's Node
 *   output, dist/ssr, loaded by the deployed shell as a page's slot is) and in Chromium (the build's browser
 *   output, served from its folder on loopback).
 * Each failure is a sentence naming the expose and the error. Without --force they refuse the release
 * (RenderGateError, which the release service answers 422 `render-failed`) and nothing changes; with it the
 * release goes ahead and they are what it was released despite (the release's warnings and the audit's reason).
 */

import { type RemoteName, remotes } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { ReleaseError } from 'deploy-model/release-error';
import { openSandbox } from 'platform-kit/sandbox';
import { candidateDeploy } from './candidate-deploy.ts';
import { renderInChromium } from './chromium-renders.ts';
import { type NodeRenderReport, pagesShowing, renderInNode } from './node-renders.ts';
import { describeRender, type ExposeRender, renderPlan } from './render-plan.ts';
/** A build refused because an expose threw while rendering (or could not be rendered at all). */
export class RenderGateError extends ReleaseError {
  override name = 'RenderGateError';
  constructor(message: string) {
    super(message, 'render-failed');
  }
}

export interface GateOptions {
  force?: boolean;
  settings: ChangeSettings;
}

const moduleOfSlot = (slot: string) => slot.slice(slot.indexOf('/') + 1);

function nodeProblems(name: RemoteName, report: NodeRenderReport, plan: readonly ExposeRender[]): string[] {
  const ofRemote = (slot: string) => slot.startsWith(`${name}/`);
  const problems = report.pages.flatMap(({ path, failedSlots, renderErrors, slotErrors }) => [
    ...failedSlots
      .filter(({ slot }) => ofRemote(slot))
      .map(({ slot, reason }) => `${moduleOfSlot(slot)} could not be loaded to prerender ${path}: ${reason}`),
    // A shell that tells no slot: every error of a page that shows the remote may be the remote's.
    ...(slotErrors
      ? slotErrors
          .filter(({ slot }) => ofRemote(slot))
          .map(({ slot, error }) => `${moduleOfSlot(slot)} threw while ${path} was prerendered: ${error}`)
      : renderErrors.map((error) => `part of ${path} threw while it was prerendered: ${error}`)),
  ]);
  if (!report.rendersExposes) {
    problems.push(
      'the deployed shell cannot render an expose on its own (built before the release gates): release the shell again',
    );
  }
  for (const { module, index, loadError, renderError } of report.exposes) {
    const render = plan.find((entry) => entry.module === module && entry.index === index);
    const label = render ? describeRender(render) : module;
    if (loadError) problems.push(`${label} could not be loaded in Node: ${loadError}`);
    if (renderError) problems.push(`${label} threw while rendering in Node: ${renderError}`);
  }
  return problems;
}

/** Every failure of the gates for a build of the remote; empty when every expose renders. */
export function renderGateProblems(
  deploy: DeployRef,
  name: RemoteName,
  buildDir: string,
  settings: ChangeSettings,
): string[] {
  let plan: ExposeRender[];
  try {
    plan = renderPlan(buildDir);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems: string[] = [];
  // The build's code runs only in sandboxes (platform-kit/sandbox): each reads a copy of what it renders.
  const nodeSandbox = openSandbox('release-gates');
  try {
    const candidate = candidateDeploy(openDeploy(deploy), name, buildDir, settings, nodeSandbox.view);
    const report = renderInNode(
      {
        deploy: candidate.dir,
        remote: name,
        resolved: candidate.resolved,
        pages: pagesShowing(openDeploy(deploy).path, name),
        exposes: plan,
      },
      settings,
      nodeSandbox,
    );
    problems.push(...nodeProblems(name, report, plan));
  } catch (error) {
    problems.push(`its Node renders did not run: ${nodeSandbox.hide((error as Error).message)}`);
  } finally {
    nodeSandbox.remove();
  }
  const browserSandbox = openSandbox('release-gates-browser');
  try {
    for (const { module, index, error } of renderInChromium(buildDir, plan, settings, browserSandbox)) {
      const render = plan.find((entry) => entry.module === module && entry.index === index);
      if (error)
        problems.push(
          `${render ? describeRender(render) : module} threw while rendering in Chromium: ${error}`,
        );
    }
  } catch (error) {
    problems.push(`its Chromium renders did not run: ${browserSandbox.hide((error as Error).message)}`);
  } finally {
    browserSandbox.remove();
  }
  return [...new Set(problems)];
}

/**
 * The gates of a release or canary: refuses (RenderGateError) unless forced, and returns what was released
 * despite them. `AGENCY_RELEASE_GATES=off` skips them, for test deploys of stand-in builds that have nothing to
 * render; a live host never sets it.
 */
export function checkRenderGates(
  deploy: DeployRef,
  name: RemoteName,
  buildDir: string,
  { force = false, settings }: GateOptions,
): string[] {
  if (settings.gatesOff) return [];
  const problems = renderGateProblems(deploy, name, buildDir, settings);
  if (problems.length > 0 && !force) {
    throw new RenderGateError(
      `${remotes[name].folder} does not render, so nothing changed:\n` +
        `${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Fix the remote, or pass --force to release it anyway (its sections will show their fallback).',
    );
  }
  return problems;
}
