/**
 * `pnpm release watch` in the foreground, for a host where the site's own service is not the one judging:
 * asks the release service to judge every canary now and then, printing what it did. The judging and any abort
 * happen in the service, as with every other change.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { type CommandReply, releaseRoutes } from 'build-config/release-protocol';
import { UsageError } from 'platform-kit/cli';
import type { ClientContext } from './commands.ts';
import { callService } from './request.ts';

/** `intervalSeconds`: AGENCY_CANARY_CHECK_SECONDS, parsed by the command's entry (deploy-model/canary/rules). */
export async function watchThroughService(context: ClientContext, intervalSeconds: number) {
  if (intervalSeconds === 0)
    throw new UsageError('AGENCY_CANARY_CHECK_SECONDS is 0 (no checks): set it above 0, or use --once.');
  context.out(`Checking the canaries every ${intervalSeconds} s; aborts are logged here (Ctrl+C to stop).`);
  for (;;) {
    try {
      // Each round's verdicts would repeat every few seconds; what changed (an abort) is what an operator reads.
      const { output } = await callService<CommandReply>(context.connection, 'POST', releaseRoutes.check);
      for (const line of output) if (line.text.startsWith('Canary aborted')) context.out(line.text);
    } catch (error) {
      context.warn((error as Error).message);
    }
    await sleep(intervalSeconds * 1000);
  }
}
