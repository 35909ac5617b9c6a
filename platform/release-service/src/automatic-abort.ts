/**
 * The canary check's verdicts acted on: a canary judged clearly worse is aborted by `automatic`, through the
 * same gate as every change, ahead of any change of its remote still waiting.
 */
import { remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import type { CanaryCheck } from 'releases/canary/check';
import type { ChangeGate } from './busy.ts';
import type { Operation, OperationRequest, OperationResult, RemoteScope } from './operation.ts';
import type { ServiceLog } from './service-parts.ts';

export interface AutomaticAbortParts {
  deploy: Deploy;
  gate: ChangeGate;
  runOperation: (request: OperationRequest) => Promise<OperationResult>;
  log: ServiceLog;
  /** Whether the service is stopping: an abort still waiting for its turn then gives up. */
  stopping: () => boolean;
}

/** Returns what the check calls with the canaries it judged clearly worse. */
export function automaticAborts({ deploy, gate, runOperation, log, stopping }: AutomaticAbortParts) {
  /** The remotes whose automatic abort is on its way (waiting for its turn, or running). */
  const abortsUnderWay = new Set<string>();
  /**
   * The check judged these canaries clearly worse: each is aborted, ahead of any change of its remote still
   * waiting (which yields); one running is waited for, as is a rollback or an abort already under way. Never
   * skipped: the abort names the canary it judged, so what ran before it cannot make it abort another.
   */
  const abortJudged = (judged: CanaryCheck[]) => {
    for (const check of judged) {
      const scope = remotes[check.remote].folder;
      // Already on its way: this round's verdict is the same canary's.
      if (abortsUnderWay.has(scope)) continue;
      abortsUnderWay.add(scope);
      void abortWhenItsTurn(scope, check).finally(() => abortsUnderWay.delete(scope));
    }
  };
  async function abortWhenItsTurn(scope: RemoteScope, check: CanaryCheck) {
    for (;;) {
      if (stopping()) return;
      const claim = gate.claim(scope, 'automatic', 'abort', new Date(), { ahead: true });
      if ('busy' in claim) {
        log.info(
          `The canary check aborts ${scope} ${check.canary} once the ${claim.busy.what} by ${claim.busy.by} under way is done.`,
        );
        await gate.scopeFree(scope);
        continue;
      }
      const operation: Operation = {
        kind: 'abort',
        scope,
        version: check.canary,
        reason: check.verdict.reason,
      };
      try {
        const result = await claim.run(() =>
          runOperation({ deploy: deploy.path, operation, by: 'automatic', from: 'host' }),
        );
        if (!result.ok)
          return log.error(`The canary check could not abort ${scope} ${check.canary}: ${result.error}`);
        for (const line of result.output) (line.stream === 'out' ? log.info : log.error)(line.text);
      } finally {
        claim.release();
      }
      return;
    }
  }
  return abortJudged;
}
