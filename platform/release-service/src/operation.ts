/**
 * One change the release service makes, run by the same library the host's commands always ran
 * (runReleaseCommand, runRollback, abortCanary), with what it printed collected line by line, its refusal turned
 * into an HTTP status, and an audit entry for each change it made to what is live. It runs in a child process
 * (operation-main.ts, runOperationInChild below) so that the service keeps answering while a prerender of
 * every page blocks that process for seconds.
 */

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AuditEntry, OutputLine } from 'build-config/release-protocol';
import type { Deploy } from 'deploy-folder/deploy';
import { forgetVersionSource, readVersionSource, recordVersionSource } from 'deploy-folder/version-source';
import type { ChangeSettings } from 'deploy-model/change-settings';
import type { ReleaseCommand } from 'deploy-model/release-command';
import { UsageError } from 'platform-kit/cli';
import { repoRoot } from 'platform-kit/paths';
import { abortCanary } from 'releases/canary/release-canary';
import { runReleaseCommand } from 'releases/canary/release-command';
import { advanceStage } from 'releases/canary/rollout';
import { readRolloutPlan } from 'releases/canary/rollout-plan';
import { ReleaseError } from 'releases/changes/release';
import { runRollback } from 'releases/changes/rollback-command';
import type { EnvironmentSettings } from 'site-environments/environment-settings';
import {
  changesOf,
  liveState,
  type Operation,
  type RemoteScope,
  remoteOfScope,
} from 'site-environments/operation-changes';
import { operationEnvironment, stagingOf } from 'site-environments/operation-environment';
import { promote } from 'site-environments/promotion';

// The changes and what each changed are site-environments' (operation-changes.ts); the service's files name them here.
export { type Operation, type RemoteScope, remoteOfScope };

export interface OperationRequest {
  deploy: string;
  operation: Operation;
  /** For the audit: the key's name (or `automatic`) and the client's address. */
  by: string;
  from: string;
}

export type OperationResult =
  | { ok: true; output: OutputLine[]; audit: AuditEntry[] }
  | { ok: false; status: number; problem: string; error: string; output: OutputLine[] };

/** The status and problem a refusal is answered with; the message is the library's own. */
export function refusalOf(error: unknown): { status: number; problem: string } {
  if (error instanceof UsageError) return { status: 400, problem: 'usage' };
  if (!(error instanceof ReleaseError)) return { status: 500, problem: 'failed' };
  // The refusal was made where it happened (deploy-model's ReleaseError): its problem, and so its status.
  return { status: error.status, problem: error.problem };
}

function releaseCommandOf(operation: Operation): ReleaseCommand {
  switch (operation.kind) {
    case 'release': {
      const { scope, buildDir, force, canary } = operation;
      if (scope === 'shell') {
        if (canary !== undefined)
          throw new UsageError('The shell has no canary: release it for everyone, without canary.');
        return { kind: 'shell', buildDir, force };
      }
      const name = remoteOfScope(scope);
      const { rollout } = operation;
      return canary === undefined
        ? { kind: 'release', name, buildDir, force }
        : { kind: 'canary', name, percent: canary, buildDir, force, ...(rollout ? { rollout } : {}) };
    }
    case 'promote':
      return { kind: 'promote', name: remoteOfScope(operation.scope) };
    case 'abort':
      return {
        kind: 'abort',
        name: remoteOfScope(operation.scope),
        ...(operation.reason === undefined ? {} : { reason: operation.reason }),
      };
    case 'check':
      return { kind: 'watch', once: true };
    case 'preview': {
      const { scope, buildDir, version, dev, force, hours } = operation;
      const name = remoteOfScope(scope);
      const duration = hours === undefined ? {} : { hours };
      if (dev !== undefined) return { kind: 'dev-link', name, dev, ...duration };
      if (version !== undefined) return { kind: 'preview-link', name, version, ...duration };
      return { kind: 'preview', name, force, ...(buildDir ? { buildDir } : {}), ...duration };
    }
    default:
      throw new UsageError(`${operation.kind} is not a release command.`);
  }
}

/** The canary check's own abort: only the canary it judged, which may have gone meanwhile. */
function abortJudged(
  deploy: Deploy,
  scope: RemoteScope,
  version: string,
  reason: string | undefined,
  out: (text: string) => void,
  settings: ChangeSettings,
) {
  const outcome = abortCanary(deploy, remoteOfScope(scope), {
    version,
    by: 'automatic',
    settings,
    ...(reason === undefined ? {} : { reason }),
  });
  if (!outcome) return out(`The canary ${scope} ${version} is no longer live; nothing changed.`);
  out(
    `Canary aborted: ${scope} ${outcome.version} (${outcome.percent}%) is out, ${outcome.defaultVersion} ` +
      `serves everyone again${reason ? `: ${reason}` : '.'}`,
  );
}

/** A staged rollout's next stage, as the service judged it: a plan ended or not yet due meanwhile is left alone. */
function nextStage(
  deploy: Deploy,
  operation: Extract<Operation, { kind: 'stage' }>,
  out: (text: string) => void,
  settings: ChangeSettings,
) {
  const { scope, version, at, reason } = operation;
  const outcome = advanceStage(deploy, remoteOfScope(scope), {
    version,
    now: new Date(at),
    reason,
    settings,
  });
  if (!outcome) return out(`The staged rollout of ${scope} ${version} is over or not due; nothing changed.`);
  const plan = readRolloutPlan(deploy.path, scope);
  out(
    outcome.promoted
      ? `Staged rollout: ${scope} ${version} reached its last stage and is promoted to everyone ` +
          `(was ${outcome.from}%); ${outcome.defaultVersion} left the map: ${reason}`
      : `Staged rollout: ${scope} ${version} now serves ${outcome.to}% of visitors (was ${outcome.from}%), ` +
          `stage ${outcome.stage} of ${outcome.of}${plan?.nextDueAt ? `; the next is due at ${plan.nextDueAt}` : '; the last stage'}: ${reason}`,
  );
}

/**
 * Runs the operation in this process, appends its audit entries, and never throws. `environments`: production's
 * and staging's settings, parsed by the child's entry (operation-main.ts).
 */
export async function performOperation(
  request: OperationRequest,
  environments: EnvironmentSettings,
  now = () => new Date(),
): Promise<OperationResult> {
  const { operation, by, from } = request;
  // One Deploy for the whole change (staging's when it names staging): what is live before and after, the change
  // itself and its audit entries, appended to production's log, one for both environments.
  const target = 'env' in operation ? operation.env : undefined;
  const {
    deploy,
    production,
    settings,
    audit: environment,
  } = operationEnvironment(request.deploy, target, environments);
  const output: OutputLine[] = [];
  const forced: string[] = [];
  const out = (text: string) => output.push({ stream: 'out', text });
  const warn = (text: string) => output.push({ stream: 'warn', text });
  // What a forced change went ahead despite, and the version a preview upload published: values the commands
  // hand over, never read back from what they print.
  let previewed: string | undefined;
  const values = {
    forced: (problem: string) => forced.push(problem),
    published: (version: string) => {
      previewed = version;
    },
  };
  // The upload's source, recorded before the change so the map entry it writes names it; taken back if refused.
  const uploaded =
    (operation.kind === 'release' || operation.kind === 'preview') && operation.source
      ? { scope: operation.scope, ...operation.source }
      : undefined;
  const recorded =
    uploaded !== undefined &&
    recordVersionSource(
      deploy.path,
      uploaded.scope,
      uploaded.version,
      uploaded.source,
      // The shell is published in place, unsealed: the live one is published already.
      uploaded.scope === 'shell' && deploy.liveShellVersion() === uploaded.version,
    );
  const forget = () => {
    if (recorded && uploaded) forgetVersionSource(deploy.path, uploaded.scope, uploaded.version);
  };
  try {
    const before = liveState(deploy);
    const context = { deploy, settings, out, warn, by, ...values };
    if (operation.kind === 'promote-to-production') {
      const { kind: _, scope, ...request } = operation;
      const staging = stagingOf(production);
      promote(scope === 'shell' ? 'shell' : remoteOfScope(scope), request, {
        staging,
        production,
        settings: environments.production,
        out,
      });
    } else if (operation.kind === 'rollback') {
      const { scope, version, force } = operation;
      runRollback({ name: remoteOfScope(scope), force, ...(version ? { version } : {}) }, context);
    } else if (operation.kind === 'stage') {
      nextStage(deploy, operation, out, environments.production);
    } else if (operation.kind === 'abort' && operation.version !== undefined) {
      abortJudged(deploy, operation.scope, operation.version, operation.reason, out, environments.production);
    } else {
      await runReleaseCommand(releaseCommandOf(operation), {
        ...context,
        build() {
          throw new Error('The release service never builds: upload a build.');
        },
      });
    }
    // An upload names no version beforehand: the preview command said which it published.
    const done = operation.kind === 'preview' && previewed ? { ...operation, version: previewed } : operation;
    const at = now().toISOString();
    const promoted = operation.kind === 'promote-to-production' ? { promotedFrom: 'staging' as const } : {};
    const audit = changesOf(deploy, done, before, liveState(deploy), forced).map((change): AuditEntry => {
      const source = readVersionSource(deploy.path, change.scope, change.version);
      return { at, by, from, ...change, ...(source ? { source } : {}), ...environment, ...promoted };
    });
    for (const entry of audit) production.appendAudit(entry);
    return { ok: true, output, audit };
  } catch (error) {
    forget();
    return { ok: false, ...refusalOf(error), error: (error as Error).message, output };
  }
}

// Node itself with tsx's loader, as the prerender runs its worker: one process, so stopping it stops the change
// (tsx's own CLI runs the script in a second process that a SIGKILL of the first would leave running).
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/**
 * A change that runs this long hangs (each prerender is bounded at 2 minutes): it is stopped so the queue, and
 * every team behind it, is not held for ever.
 */
export const operationTimeoutMs = 15 * 60_000;
const childMain = join(import.meta.dirname, 'operation-main.ts');

/**
 * Runs the operation in a child process with `childEnv` as its environment (the service's own: the child parses
 * its settings from it): the request on its stdin, the result on its stdout. A child that dies or prints
 * something else is a 500 naming what it wrote on stderr.
 */
export function runOperationInChild(
  request: OperationRequest,
  childEnv: NodeJS.ProcessEnv,
  timeoutMs = operationTimeoutMs,
): Promise<OperationResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, childMain], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const failed = (why: string): OperationResult => ({
      ok: false,
      status: 500,
      problem: 'failed',
      error: `The release operation did not finish: ${why}`,
      output: [],
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(failed(error.message));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (timedOut)
        return resolve(failed(`it ran for more than ${Math.round(timeoutMs / 1000)} s and was stopped`));
      const text = Buffer.concat(stdout).toString('utf8');
      try {
        resolve(JSON.parse(text) as OperationResult);
      } catch {
        const said = Buffer.concat(stderr).toString('utf8').trim();
        resolve(failed(`exit code ${code}${said ? `\n${said}` : ''}`));
      }
    });
    child.stdin.end(JSON.stringify(request));
  });
}
