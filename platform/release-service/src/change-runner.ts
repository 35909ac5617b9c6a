/**
 * How a route makes a change: the key's scope checked (403), the request read to its end, only then the scope
 * claimed (409 when another change holds it) and the change run in turn, in a child process (operation.ts); the
 * reply is the change's outcome, a refusal with its problem and status, or a host failure with a reference.
 */

import type { ReleaseScope } from 'build-config/release-protocol';
import { describeAuditEntry } from 'deploy-folder/audit';
import { ChangeYielded } from './busy.ts';
import { clientAddress, hostFailure, problemReply, refusedBeforeChange } from './http.ts';
import { type KeyHolder, mayChange } from './keys.ts';
import type { Operation, OperationResult } from './operation.ts';
import { withForceAdvice } from './operator-force.ts';
import {
  checkClaim,
  isScope,
  type ServiceContext,
  type ServiceParts,
  unknownScope,
} from './service-parts.ts';

export interface ChangeRunner {
  change(
    c: ServiceContext,
    rawScope: string,
    what: string,
    prepare: (scope: ReleaseScope) => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response>;
  runChange(
    c: ServiceContext,
    claimKey: string,
    what: string,
    prepare: () => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response>;
}

export function changeRunner(parts: ServiceParts): ChangeRunner {
  const { logError } = parts;
  /**
   * A change of one scope: refused unless the key may make it (403); then `prepare` reads the request (an upload,
   * a JSON body), and only then is the scope claimed (409 if another change holds it) and the change run in turn.
   * Async, so that every route's handler returns one type, a promise of a reply: TypeScript 7 refuses a handler
   * returning a reply or a promise of one, which Hono's types cannot name.
   */
  async function change(
    c: ServiceContext,
    rawScope: string,
    what: string,
    prepare: (scope: ReleaseScope) => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response> {
    if (!isScope(rawScope)) return unknownScope(c, rawScope);
    const scope = rawScope;
    const holder = c.get('holder');
    if (!mayChange(holder, scope)) {
      return problemReply(
        c,
        403,
        'forbidden',
        `The key "${holder.name}" is for ${holder.scope}; it cannot change ${scope}. Nothing changed.`,
      );
    }
    return runChange(c, scope, what, () => prepare(scope));
  }

  /**
   * Prepares the change, then claims `claimKey`, runs it in turn and answers with its outcome. The request is read
   * to its end (an upload streamed to scratch under a deadline, then checked) before anything is claimed: a slow
   * or stalled client holds no lock. A rollback or an abort goes ahead of a change of its scope still waiting.
   */
  async function runChange(
    c: ServiceContext,
    claimKey: string,
    what: string,
    prepare: () => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response> {
    const holder = c.get('holder');
    let prepared: { operation: Operation; cleanup?: () => void };
    try {
      prepared = await prepare();
    } catch (error) {
      return refusedBeforeChange(c, error, logError);
    }
    try {
      return await claimAndRun(parts, c, claimKey, what, holder, prepared.operation);
    } finally {
      prepared.cleanup?.();
    }
  }

  return { change, runChange };
}

/** Claims the scope (409 when another change holds it), runs the change in turn and replies with its outcome. */
async function claimAndRun(
  { deploy, gate, hops, runOperation, log, logError }: ServiceParts,
  c: ServiceContext,
  claimKey: string,
  what: string,
  holder: KeyHolder,
  operation: Operation,
) {
  const ahead = what === 'rollback' || what === 'abort';
  const claim = gate.claim(claimKey, holder.name, what, new Date(), { ahead });
  if ('busy' in claim) {
    const { by, what: doing, since } = claim.busy;
    const subject = claimKey === checkClaim ? 'The canary check' : claimKey;
    return problemReply(
      c,
      409,
      'busy',
      `${subject} is busy: a ${doing} by ${by}, started at ${since.toISOString()}, is still running. Nothing changed; try again once it is done.`,
    );
  }
  try {
    const request = { deploy: deploy.path, operation, by: holder.name, from: clientAddress(c, hops) };
    let result: OperationResult;
    try {
      result = await claim.run(() => runOperation(request));
    } catch (error) {
      if (!(error instanceof ChangeYielded)) throw error;
      const { by, what: doing, since } = error.to;
      return problemReply(
        c,
        409,
        'busy',
        `This ${what} of ${claimKey} yielded to the ${doing} by ${by}, started at ${since.toISOString()}, before it ran: a rollback or an abort goes first. Nothing changed; send it again once that is done if it should still go out.`,
      );
    }
    if (!result.ok)
      return result.status === 500
        ? hostFailure(c, result.error, logError, result.output)
        : problemReply(
            c,
            result.status,
            result.problem,
            withForceAdvice(holder, result.problem, result.error),
            result.output,
          );
    for (const entry of result.audit) log?.info(`Release service: ${describeAuditEntry(entry)}`);
    return c.json({ output: result.output, audit: result.audit });
  } finally {
    claim.release();
  }
}
