/**
 * The routes beside the changes of what is live: a preview (a build published without traffic, or a published
 * version) and its link, ending preview links, and the operator's canary check on demand.
 */

import { releaseRoutes as routes } from 'build-config/release-protocol';
import { describeAuditEntry } from 'deploy-folder/audit';
import type { ChangeRunner } from './change-runner.ts';
import { clientAddress, jsonBody, optionalString, problemReply, refusedBeforeChange } from './http.ts';
import { mayChange } from './keys.ts';
import { previewOperation } from './preview-requests.ts';
import { revokePreviews } from './preview-revoke.ts';
import { smallBody } from './release-routes.ts';
import {
  checkClaim,
  isScope,
  remoteOnly,
  type ServiceApp,
  type ServiceParts,
  unknownScope,
} from './service-parts.ts';

export function previewRoutes(
  app: ServiceApp,
  { deploy, hops, tempRoot, limits, log, logError, staging }: ServiceParts,
  { change, runChange }: ChangeRunner,
) {
  // A build to publish without traffic (an upload, as to releases) or a published version (JSON): a link.
  app.post('/v1/:scope/previews', (c) =>
    change(c, c.req.param('scope'), 'preview', (scope) =>
      previewOperation(c, remoteOnly(scope, 'preview'), { tempRoot, limits, staging }),
    ),
  );

  // Ends one preview link of the remote, or all of them: a small file both hosts read, so no change runs.
  app.post('/v1/:scope/previews/revoke', smallBody, async (c) => {
    const scope = c.req.param('scope');
    if (!isScope(scope)) return unknownScope(c, scope);
    const holder = c.get('holder');
    if (!mayChange(holder, scope))
      return problemReply(
        c,
        403,
        'forbidden',
        `The key "${holder.name}" is for ${holder.scope}; it cannot revoke ${scope}'s links. Nothing changed.`,
      );
    try {
      const body = await jsonBody(c, ['link']);
      const link = optionalString(body, 'link', /^\S{1,4096}$/, 'a preview link as printed, or its token');
      const done = revokePreviews(deploy, remoteOnly(scope, 'preview'), link, {
        by: holder.name,
        from: clientAddress(c, hops),
      });
      for (const entry of done.audit) log?.info(`Release service: ${describeAuditEntry(entry)}`);
      return c.json(done);
    } catch (error) {
      return refusedBeforeChange(c, error, logError);
    }
  });

  app.post(routes.check, async (c) => {
    const holder = c.get('holder');
    if (holder.scope !== 'all')
      return problemReply(
        c,
        403,
        'forbidden',
        `Only the operator key judges every canary; "${holder.name}" is for ${holder.scope}.`,
      );
    // Claimed under a name of its own: it may abort any remote's canary, and runs in turn like every change.
    return runChange(c, checkClaim, 'check', async () => ({ operation: { kind: 'check' } }));
  });
}
