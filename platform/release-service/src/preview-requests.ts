/**
 * The release service's preview request (release-protocol.ts: `preview`), read here so the service's routes only
 * name it: an upload (application/gzip, as to `releases`) publishes a build without traffic, a JSON
 * `{ version, hours? }` names a version already published; either way the answer ends with the link.
 */

import { previewHours } from 'deploy-folder/preview/token';
import { environmentOf } from 'deploy-model/release-command';
import { versionGrammar, versionPattern } from 'deploy-model/version';
import { isLoopbackOrigin } from 'federation/preview';
import type { Context } from 'hono';
import { UsageError } from 'platform-kit/cli';
import { booleanQuery, jsonBody, optionalString } from './http.ts';
import type { KeyHolder } from './keys.ts';
import type { Operation, RemoteScope } from './operation.ts';
import { refuseTeamForce } from './operator-force.ts';
import { receiveRequestUpload } from './request-upload.ts';
import type { UploadLimits } from './upload-limits.ts';

/** Checked here, so a bad duration is refused before an upload is read. */
function hoursOf(raw: unknown): { hours?: string } {
  if (raw === undefined) return {};
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new UsageError('"hours" must be a number.');
  const hours = String(raw);
  previewHours(hours, undefined);
  return { hours };
}

const maxJsonBytes = 16 * 1024;

export async function previewOperation(
  c: Context,
  scope: RemoteScope,
  { tempRoot, limits, staging }: { tempRoot: string; limits: UploadLimits; staging: boolean },
): Promise<{ operation: Operation; cleanup?: () => void }> {
  const force = booleanQuery(c.req.query('force'), 'force');
  refuseTeamForce(
    c.get('holder') as KeyHolder,
    force,
    'Publishing a preview',
    `npx pnpm release ${scope} --preview --build-dir <this build> --force`,
  );
  const contentType = c.req.header('content-type') ?? '';
  if (/^application\/json\b/i.test(contentType)) {
    if (Number(c.req.header('content-length') ?? 0) > maxJsonBytes)
      throw new UsageError('The request body is over 16 kB. Nothing changed.');
    const body = await jsonBody(c, ['version', 'dev', 'hours', 'env']);
    const version = optionalString(
      body,
      'version',
      versionPattern,
      `a published version (${versionGrammar})`,
    );
    const dev = optionalString(body, 'dev', /^https?:\/\/[^/\s]{1,200}$/, 'a loopback dev server origin');
    if (dev && !isLoopbackOrigin(dev))
      throw new UsageError(
        `"dev" must be a dev server on this machine (localhost, 127.0.0.1, [::1]), got "${dev}".`,
      );
    if (!version === !dev)
      throw new UsageError('Name a published version ({ "version": "…" }) or a dev server ({ "dev": "…" }).');
    const what = version ? { version } : { dev: dev as string };
    const env = environmentOf(body.env, staging);
    return { operation: { kind: 'preview', scope, ...what, force, ...hoursOf(body.hours), ...env } };
  }
  const hours = hoursOf(c.req.query('hours'));
  // With staging on, a preview is staging's (its shell, its origin) unless production's is asked for.
  const env = environmentOf(c.req.query('env'), staging);
  const upload = await receiveRequestUpload(c, scope, { tempRoot, limits });
  return {
    operation: {
      kind: 'preview',
      scope,
      buildDir: upload.buildDir,
      force,
      ...hours,
      ...upload.source,
      ...env,
    },
    cleanup: upload.cleanup,
  };
}
