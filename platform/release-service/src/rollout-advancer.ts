/**
 * Staged rollouts inside the release service: after each tick of its canary check, every plan whose next stage
 * is due and whose canary is healthy (rollout.ts judgeStage) goes there, one change at a time through the same
 * queue as every other change, by `automatic`, recorded in the audit log and the release log. A canary that is
 * due but not healthy enough is held (logged once per reason, not every tick); one judged worse is the check's
 * to abort, and its plan ends with it.
 */

import { remotes } from 'build-config/topology';
import { describeAuditEntry } from 'deploy-folder/audit';
import type { Deploy } from 'deploy-folder/deploy';
import type { ChangeSettings } from 'deploy-model/change-settings';
import type { CanaryCheck } from 'releases/canary/check';
import { dueRollouts } from 'releases/canary/rollout';
import { type ChangeGate, ChangeYielded } from './busy.ts';
import type { Operation, OperationRequest, OperationResult } from './operation.ts';

export interface AdvancerOptions {
  deploy: Deploy;
  /** Production's change settings: the health source, the canary rules (`canary`) read once at the start. */
  settings: ChangeSettings;
  log: { info(line: string): void; error(line: string): void };
  gate: ChangeGate;
  runOperation: (request: OperationRequest) => Promise<OperationResult>;
  now?: (() => Date) | undefined;
}

export interface RolloutAdvancer {
  /** The watcher's onChecked: starts advancing the due rollouts, unless the last tick's are still under way. */
  onChecked(checks: CanaryCheck[]): void;
  /** No stage starts after this; resolves once the one under way, if any, is done. */
  stop(): Promise<void>;
}

export function rolloutAdvancer(options: AdvancerOptions): RolloutAdvancer {
  const { deploy, log, gate, runOperation, settings } = options;
  const clock = options.now ?? (() => new Date());
  const held = new Map<string, string>();
  let running: Promise<void> | undefined;
  let stopped = false;
  // The same failure (a broken plan file, say) is logged once, not at every check.
  let lastError: string | undefined;

  async function advance(checks: CanaryCheck[]) {
    const now = clock();
    const due = await dueRollouts(deploy, {
      settings,
      now,
      rules: settings.canary.rules,
      vitalsRules: settings.canary.vitalsRules,
      checks,
    });
    for (const { remote, plan, verdict } of due) {
      const scope = remotes[remote].folder;
      if (!verdict.advance) {
        if (held.get(scope) !== verdict.reason)
          log.info(
            `Staged rollout: ${scope} ${plan.version} stays at ${plan.stages[plan.stage]}%, ${verdict.reason}`,
          );
        held.set(scope, verdict.reason);
        continue;
      }
      held.delete(scope);
      if (stopped) return;
      // A change of that remote is under way (a promote, an abort, a release): the next tick sees what it left.
      const claim = gate.claim(scope, 'automatic', 'stage');
      if ('busy' in claim) continue;
      const operation: Operation = {
        kind: 'stage',
        scope,
        version: plan.version,
        at: now.toISOString(),
        reason: verdict.reason,
      };
      try {
        const result = await claim
          .run(() => runOperation({ deploy: deploy.path, operation, by: 'automatic', from: 'host' }))
          .catch((error: unknown) => {
            // A rollback or an abort of that remote went ahead of it: the next tick sees what it left.
            if (error instanceof ChangeYielded) return undefined;
            throw error;
          });
        if (!result) continue;
        if (!result.ok) {
          log.error(`The staged rollout of ${scope} ${plan.version} could not advance: ${result.error}`);
          continue;
        }
        for (const line of result.output) (line.stream === 'out' ? log.info : log.error)(line.text);
        for (const entry of result.audit) log.info(`Release service: ${describeAuditEntry(entry)}`);
      } finally {
        claim.release();
      }
    }
  }

  return {
    onChecked(checks) {
      if (running || stopped) return;
      running = advance(checks)
        .then(() => {
          lastError = undefined;
        })
        .catch((error: Error) => {
          const message = `The staged rollouts could not advance: ${error.message}`;
          if (message !== lastError) log.error(message);
          lastError = message;
        })
        .finally(() => {
          running = undefined;
        });
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
