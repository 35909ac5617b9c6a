/**
 * `pnpm release`'s forms run in the release service (read from the command line by platform/cli's
 * release-args.ts): a release for everyone, a canary and its promote or abort, the status, and the canary check.
 */
import { relative } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { type Deploy, type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { canaryEntry } from 'deploy-model/canary/map';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { holdText, type ReleaseCommand, type RolloutRequest, stagesText } from 'deploy-model/release-command';
import { UsageError } from 'platform-kit/cli';
import { appDist, repoRoot } from 'platform-kit/paths';
import { ReleaseError, releaseBuild } from '../changes/release.ts';
import { releaseShell, shellBuildIn } from '../changes/shell-release.ts';
import { describePreview, devPreviewLink, openPreview, releasePreview } from '../preview/open-preview.ts';
import { checkCanaries, describeCheck } from './check.ts';
import { abortCanary, checkCanaryCanStart, promoteCanary, startCanary } from './release-canary.ts';
import { endRolloutPlan, newRolloutPlan, writeRolloutPlan } from './rollout-plan.ts';
import { formatReleaseStatus, releaseStatus } from './status.ts';
import { type CanaryWatcher, watchCanaries } from './watcher.ts';
export interface CommandContext {
  /** The deploy it changes (a path opens one for this command). */
  deploy: DeployRef;
  settings: ChangeSettings;
  /** Builds the remote or the shell (pnpm --filter <folder> build), throwing if the build fails. */
  build(name: RemoteName | 'shell'): void;
  out(text: string): void;
  warn(text: string): void;
  /** Each problem a forced change went ahead despite, as a value (the release service's audit reason). */
  forced?(problem: string): void;
  /** The version a preview upload published, as a value (the release service's audit names it). */
  published?(version: string): void;
  /** The release key making the change (the service's): a preview link records it, so revoking it ends the link. */
  by?: string;
}

/** Says each problem a forced change went ahead despite, to people and as a value. */
function wentAheadDespite(context: CommandContext, done: string, problems: readonly string[]) {
  for (const problem of problems) {
    context.warn(`${done} despite: ${problem}`);
    context.forced?.(problem);
  }
}

/** The context with its deploy opened: every step of one command reads the same Deploy. */
interface OpenContext extends CommandContext {
  deploy: Deploy;
}

function release(command: Extract<ReleaseCommand, { kind: 'release' }>, context: OpenContext) {
  const { name, buildDir, force } = command;
  const { folder } = remotes[name];
  const { deploy, settings } = context;
  if (!buildDir) context.build(name);
  const outcome = releaseBuild(deploy, name, { force, settings, ...(buildDir ? { buildDir } : {}) });
  // A release for everyone replaces the canary, and with it the canary's staged rollout.
  endRolloutPlan(deploy.path, folder);
  wentAheadDespite(context, 'Released', outcome.forced);
  const replaced = outcome.replacedCanary
    ? `The canary ${outcome.replacedCanary} that ran beside ${outcome.previous} is gone: ` +
      `${outcome.version} replaces both, for everyone.\n`
    : '';
  if (outcome.version === outcome.previous) {
    const change = replaced ? 'it is now the only version' : 'nothing changed';
    return context.out(`${replaced}${folder} ${outcome.version} was already live; ${change}.`);
  }
  context.out(
    `${replaced}Released ${folder} ${outcome.version} (was ${outcome.previous ?? 'not released'}).\n` +
      `  files:        ${relative(repoRoot, deploy.path)}/${folder}/${outcome.version}/\n` +
      `  remotes.json: ${name} → ${outcome.manifestUrl}\n` +
      `Reload the site to see it. Undo with: pnpm rollback ${folder}`,
  );
}

function releaseTheShell(command: Extract<ReleaseCommand, { kind: 'shell' }>, context: OpenContext) {
  const { buildDir, force } = command;
  const { deploy, settings } = context;
  if (!buildDir) context.build('shell');
  const outcome = releaseShell(deploy, { force, settings, build: shellBuildIn(buildDir) });
  wentAheadDespite(context, 'Released', outcome.forced);
  if (outcome.version === outcome.previous)
    return context.out(`The shell ${outcome.version} was already live; nothing changed.`);
  context.out(
    `Released the shell ${outcome.version} (was ${outcome.previous ?? 'not released'}); ` +
      'every live remote version was checked against it, and the pages were written again.\n' +
      `  files: ${relative(repoRoot, deploy.path)}/shell/\n` +
      'Reload the site to see it.',
  );
}

function canary(command: Extract<ReleaseCommand, { kind: 'canary' }>, context: OpenContext) {
  const { name, percent, buildDir, force } = command;
  const { folder } = remotes[name];
  const { deploy, settings } = context;
  // Refused before the build when it would be anyway (a canary already live, nothing live to run beside).
  checkCanaryCanStart(deploy, name);
  if (!buildDir) context.build(name);
  const outcome = startCanary(deploy, name, { percent, force, settings, ...(buildDir ? { buildDir } : {}) });
  wentAheadDespite(context, 'Released', outcome.forced);
  const staged = command.rollout ? startRollout(deploy, name, command.rollout) : '';
  context.out(
    `Canary: ${folder} ${outcome.version} now serves ${percent}% of visitors; ` +
      `${outcome.defaultVersion} keeps ${100 - percent}%.\n` +
      `  files:        ${relative(repoRoot, deploy.path)}/${folder}/${outcome.version}/\n` +
      `  remotes.json: ${name} → ${outcome.manifestUrl} (canary, ${percent}%)\n` +
      `Watch it: pnpm release status ${folder} (the canary check aborts it by itself if it fails clearly more).\n` +
      `Then: pnpm release ${folder} promote, or pnpm release ${folder} abort${staged}`,
  );
}

/** Writes the plan of the canary just started (by a release, or a promotion from staging); its text for the output. */
export function startRollout(deploy: Deploy, name: RemoteName, rollout: RolloutRequest): string {
  const { folder } = remotes[name];
  const canary = canaryEntry(deploy.remoteMap(), name);
  if (!canary?.extras?.releasedAt) throw new ReleaseError(`${folder} has no canary to roll out.`);
  const now = new Date();
  const plan = newRolloutPlan(
    rollout,
    { version: canary.metadata.version, since: canary.extras.releasedAt },
    now,
  );
  writeRolloutPlan(deploy.path, folder, plan);
  const next = rollout.stages[1] as number;
  return (
    `\nStaged rollout: ${stagesText(rollout.stages)}, one stage every ${holdText(rollout.holdSeconds)} while ` +
    `the canary is healthy${rollout.stages.at(-1) === 100 ? ' (100% promotes it)' : ''}; the next stage ` +
    `(${next}%) is due at ${plan.nextDueAt}. A promote or an abort by hand ends it.`
  );
}

function promote({ name }: { name: RemoteName }, { deploy, settings, out }: OpenContext) {
  const { folder } = remotes[name];
  const outcome = promoteCanary(deploy, name, { settings });
  out(
    `Promoted ${folder} ${outcome.version} (was ${outcome.percent}%) to everyone; ` +
      `${outcome.defaultVersion} left the map.\nUndo with: pnpm rollback ${folder}`,
  );
}

function abort(
  { name, reason }: { name: RemoteName; reason?: string },
  { deploy, settings, out }: OpenContext,
) {
  const outcome = abortCanary(deploy, name, { settings, ...(reason === undefined ? {} : { reason }) });
  if (!outcome) return;
  out(
    `Aborted the canary ${remotes[name].folder} ${outcome.version} (was ${outcome.percent}%); ` +
      `${outcome.defaultVersion} serves everyone again.`,
  );
}

function preview(command: Extract<ReleaseCommand, { kind: 'preview' }>, context: OpenContext) {
  const { name, buildDir, force, hours } = command;
  if (!buildDir) context.build(name);
  const outcome = releasePreview(context.deploy, name, {
    buildDir: buildDir ?? appDist(remotes[name].folder),
    force,
    settings: context.settings,
    ...(hours === undefined ? {} : { hours }),
    ...(context.by === undefined ? {} : { by: context.by }),
  });
  wentAheadDespite(context, 'Published', outcome.forced);
  context.published?.(outcome.version);
  context.out(describePreview(name, outcome));
}

function previewLinkOf(command: Extract<ReleaseCommand, { kind: 'preview-link' }>, context: OpenContext) {
  const { name, version, hours } = command;
  const outcome = openPreview(context.deploy, name, version, {
    settings: context.settings,
    ...(hours === undefined ? {} : { hours }),
    ...(context.by === undefined ? {} : { by: context.by }),
  });
  context.out(describePreview(name, outcome));
}

function devLinkOf(command: Extract<ReleaseCommand, { kind: 'dev-link' }>, context: OpenContext) {
  const { name, dev, hours } = command;
  const link = devPreviewLink(context.deploy, name, dev, {
    settings: context.settings,
    ...(hours ? { hours } : {}),
    ...(context.by === undefined ? {} : { by: context.by }),
  });
  context.out(
    `Dev preview of ${remotes[name].folder} from ${dev}: the browser that opens this link loads it from there ` +
      `on every page, until ${link.until.toISOString()}.\n${link.link}`,
  );
}

async function checkOnce({ deploy, settings, out }: OpenContext) {
  const checks = await checkCanaries(deploy, { settings });
  if (checks.length === 0) out('No canary is live here; nothing to check.');
  for (const check of checks) out(describeCheck(check));
}

async function status(names: readonly RemoteName[], { deploy, settings, out }: OpenContext) {
  const now = new Date();
  out(formatReleaseStatus(await releaseStatus(deploy, names, { settings, now }), now));
}

/** The check on a timer in the foreground, for a host where the composed server (platform/cli/src/start.ts) does not run. */
function watch({ deploy, settings, out, warn }: OpenContext): CanaryWatcher {
  const { intervalSeconds } = settings.canary;
  if (intervalSeconds === 0)
    throw new UsageError('AGENCY_CANARY_CHECK_SECONDS is 0 (no checks): set it above 0, or use --once.');
  out(`Checking the canaries every ${intervalSeconds} s; aborts are logged here (Ctrl+C to stop).`);
  const watcher = watchCanaries(deploy, { settings, keepAlive: true, log: { info: out, error: warn } });
  void watcher.check();
  return watcher;
}

/**
 * Runs a parsed command; `watch` without --once returns its running watcher. Async because the status and the
 * canary check read the health over HTTP.
 */
export async function runReleaseCommand(
  command: ReleaseCommand,
  given: CommandContext,
): Promise<CanaryWatcher | undefined> {
  const context: OpenContext = { ...given, deploy: openDeploy(given.deploy) };
  if (command.kind === 'watch' && !command.once) return watch(context);
  if (command.kind === 'watch') await checkOnce(context);
  else if (command.kind === 'release') release(command, context);
  else if (command.kind === 'shell') releaseTheShell(command, context);
  else if (command.kind === 'canary') canary(command, context);
  else if (command.kind === 'promote') promote(command, context);
  else if (command.kind === 'abort') abort(command, context);
  else if (command.kind === 'status') await status(command.names, context);
  else if (command.kind === 'preview') preview(command, context);
  else if (command.kind === 'preview-link') previewLinkOf(command, context);
  else if (command.kind === 'dev-link') devLinkOf(command, context);
  else if (command.kind === 'promote-to-production')
    throw new UsageError(
      'A promotion from staging goes through the release service: pnpm release <remote> promote-to-production.',
    );
  else if (command.kind === 'revoke-preview')
    throw new UsageError(
      'A preview link is revoked through the release service: pnpm release preview revoke.',
    );
  return undefined;
}
