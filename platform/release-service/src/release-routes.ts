/**
 * The routes that change what is live: a release (an upload, for everyone, as a canary or a staged rollout), a
 * canary's promote and abort, a rollback. Each reads its request, then runs one change (change-runner.ts).
 */
import type { ReleaseScope } from 'build-config/release-protocol';
import {
  canaryPercent,
  environmentOf,
  parseRollout,
  promotionOf,
  refuseCanaryOnStaging,
} from 'deploy-model/release-command';
import { versionGrammar, versionPattern } from 'deploy-model/version';
import { bodyLimit } from 'hono/body-limit';
import { UsageError } from 'platform-kit/cli';
import type { ChangeRunner } from './change-runner.ts';
import { booleanQuery, clientAddress, jsonBody, optionalString, problemReply } from './http.ts';
import type { Operation } from './operation.ts';
import { recordForceRefusal, refuseTeamForce } from './operator-force.ts';
import { receiveRequestUpload } from './request-upload.ts';
import { remoteOnly, type ServiceApp, type ServiceContext, type ServiceParts } from './service-parts.ts';

/** A JSON body of a few fields: anything larger is refused before it is read. */
export const smallBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: (c) => problemReply(c, 413, 'too-large', 'The request body is over 16 kB. Nothing changed.'),
});

/**
 * A release's request read: the share asked for (`canary`, or `stages` and `hold`), `force` (refused for a team's
 * key before the upload is read), the source, then the upload itself, streamed to scratch and checked.
 */
async function releaseRequest(
  c: ServiceContext,
  scope: ReleaseScope,
  { tempRoot, limits, staging }: Pick<ServiceParts, 'tempRoot' | 'limits' | 'staging'>,
): Promise<{ operation: Operation; cleanup: () => void }> {
  const canaryQuery = c.req.query('canary');
  const rollout = parseRollout({
    stages: c.req.query('stages'),
    hold: c.req.query('hold'),
    canary: canaryQuery,
  });
  const first = rollout?.stages[0];
  const canary =
    first !== undefined
      ? canaryPercent(String(first))
      : canaryQuery === undefined
        ? undefined
        : canaryPercent(canaryQuery);
  if (scope === 'shell' && canary !== undefined)
    throw new UsageError('The shell has no canary: release it for everyone, without canary.');
  if (staging) refuseCanaryOnStaging(scope, canary, rollout);
  const force = booleanQuery(c.req.query('force'), 'force');
  // Before the upload is read: a team key's --force is refused whatever the build holds.
  const share = rollout
    ? ` --stages ${rollout.stages.join(',')} --hold ${rollout.holdSeconds}s`
    : canary === undefined
      ? ''
      : ` --canary ${canary}`;
  refuseTeamForce(
    c.get('holder'),
    force,
    'Releasing',
    `npx pnpm release ${scope}${share} --build-dir <this build> --force`,
  );
  const upload = await receiveRequestUpload(c, scope, { tempRoot, limits });
  return {
    operation: {
      kind: 'release',
      scope,
      buildDir: upload.buildDir,
      force,
      ...(canary === undefined ? {} : { canary }),
      ...(rollout ? { rollout } : {}),
      ...upload.source,
      ...(staging ? { env: 'staging' as const } : {}),
    },
    cleanup: upload.cleanup,
  };
}

export function releaseRoutes(app: ServiceApp, parts: ServiceParts, { change }: ChangeRunner) {
  const { deploy, hops } = parts;
  app.post('/v1/:scope/releases', (c) =>
    change(c, c.req.param('scope'), 'release', (scope) => releaseRequest(c, scope, parts)),
  );

  app.post('/v1/:scope/promote', (c) =>
    change(c, c.req.param('scope'), 'promote', async (scope) => ({
      operation: { kind: 'promote', scope: remoteOnly(scope, 'canary') },
    })),
  );

  app.post('/v1/:scope/promote-to-production', smallBody, (c) =>
    change(c, c.req.param('scope'), 'promotion', async (scope) => {
      if (!parts.staging)
        throw new UsageError(
          'This host has no staging environment (AGENCY_STAGING is off here): a release goes to production ' +
            'directly, so there is nothing to promote. Nothing changed.',
        );
      const body = await jsonBody(c, ['version', 'canary', 'stages', 'hold']);
      return { operation: { kind: 'promote-to-production', scope, ...promotionOf(body, scope === 'shell') } };
    }),
  );

  app.post('/v1/:scope/abort', smallBody, (c) =>
    change(c, c.req.param('scope'), 'abort', async (scope) => {
      const remote = remoteOnly(scope, 'canary');
      const reason = optionalString(
        await jsonBody(c, ['reason']),
        'reason',
        // One line without control characters: pnpm release log and the status print it as it is.
        /^[^\p{Cc}]{0,500}$/u,
        'one line of at most 500 characters, without control characters',
      );
      return { operation: { kind: 'abort', scope: remote, ...(reason ? { reason } : {}) } };
    }),
  );

  app.post('/v1/:scope/rollback', smallBody, (c) =>
    change(c, c.req.param('scope'), 'rollback', async (scope) => {
      const remote = remoteOnly(scope, 'rollback');
      const body = await jsonBody(c, ['version', 'force', 'env']);
      // With staging on, staging's unless production's is asked for (--env production).
      const env = environmentOf(body.env, parts.staging);
      const version = optionalString(
        body,
        'version',
        versionPattern,
        `a published version (${versionGrammar})`,
      );
      if (body.force !== undefined && typeof body.force !== 'boolean')
        throw new UsageError('"force" must be true or false.');
      const holder = c.get('holder');
      refuseTeamForce(
        holder,
        body.force === true,
        'Rolling back',
        `npx pnpm rollback ${remote}${version ? ` ${version}` : ''} --force`,
        (reason) =>
          recordForceRefusal(deploy.path, {
            by: holder.name,
            from: clientAddress(c, hops),
            scope: remote,
            request: 'rollback',
            reason,
          }),
      );
      return {
        operation: {
          kind: 'rollback',
          scope: remote,
          force: body.force === true,
          ...(version ? { version } : {}),
          ...env,
        },
      };
    }),
  );
}
