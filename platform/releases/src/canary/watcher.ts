/**
 * The canary check on a timer, for the composed production server (platform/cli/src/start.ts) and `pnpm release watch`:
 * every AGENCY_CANARY_CHECK_SECONDS (default 30) it runs checkCanaries and logs one line per canary it aborts.
 * A check that fails (the enquiry API does not answer, a broken map) is logged, not thrown: the site keeps
 * serving, nothing is aborted, and the same error is logged once rather than every interval. A check still
 * reading the health when the next is due is not doubled: that tick is skipped.
 */

import { remotes } from 'build-config/topology';
import type { DeployRef } from 'deploy-folder/deploy';
import { type CanaryCheck, type CheckOptions, checkCanaries, describeCheck } from './check.ts';

/** The watcher's interval and rules: ChangeSettings' `canary`. */
export type { WatchSettings } from 'deploy-model/change-settings';

export interface WatchLog {
  info(line: string): void;
  error(line: string): void;
}

/**
 * The settings' `canary` (ChangeSettings) are the watcher's: its interval and rules, read once at the start with
 * the rest (the Web Vitals rule too: a bad value read at each check would stop every check, not the start).
 */
export interface WatchOptions extends Omit<CheckOptions, 'rules' | 'now'> {
  log?: WatchLog;
  /** Keep the process alive for the timer (the foreground `pnpm release watch`); the server's timer is unref'd. */
  keepAlive?: boolean;
  /**
   * Judge here, abort elsewhere: called with the canaries judged worse instead of aborting them in this process.
   * The composed server passes one that runs `pnpm release watch --once` as a child process, because an abort
   * writes every page again (seconds of prerendering) and the server's static hosts must not wait for it.
   */
  delegateAbort?: (judgedWorse: CanaryCheck[]) => void;
  /** After each check that could read the health, with its results (the release service advances rollouts). */
  onChecked?: (checks: CanaryCheck[]) => void;
}

export interface CanaryWatcher {
  /** Runs one check now (as each tick does); never rejects. Resolves to [] when a check was already running. */
  check(): Promise<CanaryCheck[]>;
  stop(): void;
}

export function watchCanaries(deploy: DeployRef, options: WatchOptions): CanaryWatcher {
  const log = options.log ?? { info: console.log, error: console.error };
  const settings = options.settings.canary;
  let lastError: string | undefined;
  // Each canary's synthetic outcome is logged when it changes, not at every check.
  const syntheticSaid = new Map<string, string>();
  let running = false;
  const check = async (): Promise<CanaryCheck[]> => {
    if (running) return [];
    running = true;
    try {
      const judgeOnly = options.delegateAbort !== undefined;
      const checks = await checkCanaries(deploy, {
        ...options,
        rules: settings.rules,
        vitalsRules: settings.vitalsRules,
        now: new Date(),
        judgeOnly,
      });
      for (const aborted of checks.filter((result) => result.aborted)) log.info(describeCheck(aborted));
      for (const { remote, canary, percent, synthetic } of checks) {
        const line =
          synthetic &&
          `Synthetic visit of ${remotes[remote].folder} ${canary} (${percent}%): ${synthetic.state}: ${synthetic.reason}`;
        if (line && syntheticSaid.get(remote) !== line) log.info(line);
        if (line) syntheticSaid.set(remote, line);
      }
      const judgedWorse = checks.filter((result) => result.verdict.action === 'abort' && !result.aborted);
      if (judgeOnly && judgedWorse.length > 0) options.delegateAbort?.(judgedWorse);
      options.onChecked?.(checks);
      lastError = undefined;
      return checks;
    } catch (error) {
      const message = `Canary check failed: ${(error as Error).message}`;
      if (message !== lastError) log.error(message);
      lastError = message;
      return [];
    } finally {
      running = false;
    }
  };
  if (settings.intervalSeconds === 0) return { check, stop: () => undefined };
  const timer = setInterval(() => void check(), settings.intervalSeconds * 1000);
  if (!options.keepAlive) timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
