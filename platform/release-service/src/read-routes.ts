/**
 * The routes that read: a remote's published versions (for a rollback), the status of every remote and its
 * canary, and the audit log. They change nothing and claim nothing.
 */
import {
  type CommandReply,
  type OutputLine,
  releaseScopes,
  releaseRoutes as routes,
} from 'build-config/release-protocol';
import { remoteNames, remotes } from 'build-config/topology';
import { describeAuditEntry, readAuditWithUploads } from 'deploy-folder/audit';
import { describeStaging } from 'deploy-folder/staging-status';
import { environmentOf } from 'deploy-model/release-command';
import { runReleaseCommand } from 'releases/canary/release-command';
import { listVersions } from 'releases/changes/release';
import { listRollbackVersions } from 'releases/changes/rollback-command';
import { operationEnvironment } from 'site-environments/operation-environment';
import { booleanQuery, problemReply } from './http.ts';
import { isScope, type ServiceApp, type ServiceParts, unknownScope } from './service-parts.ts';

export function readRoutes(app: ServiceApp, { deploy, settings, staging }: ServiceParts) {
  const production = settings.environments.production;
  app.get('/v1/:scope/versions', (c) => {
    const scope = c.req.param('scope');
    if (!isScope(scope)) return unknownScope(c, scope);
    if (scope === 'shell')
      return problemReply(c, 400, 'usage', 'The shell has no rollback, so no list of versions.');
    const name = remoteNames.find((remote) => remotes[remote].folder === scope);
    if (!name) return problemReply(c, 404, 'unknown-scope', `Unknown remote "${scope}".`);
    // With staging on, staging's versions unless production's are asked for (?env=production).
    let where: ReturnType<typeof environmentOf>;
    try {
      where = environmentOf(c.req.query('env'), staging);
    } catch (error) {
      return problemReply(c, 400, 'usage', (error as Error).message);
    }
    const inEnvironment = operationEnvironment(deploy.path, where.env, settings.environments).deploy;
    const output: OutputLine[] = [];
    listRollbackVersions(name, {
      deploy: inEnvironment,
      out: (text) => output.push({ stream: 'out', text }),
    });
    return c.json({ output, ...listVersions(inEnvironment, name) });
  });

  app.get(routes.status, async (c) => {
    const remote = c.req.query('remote');
    const name =
      remote === undefined
        ? undefined
        : remoteNames.find((known) => known === remote || remotes[known].folder === remote);
    if (remote !== undefined && !name)
      return problemReply(
        c,
        400,
        'usage',
        `Unknown remote "${remote}": one of ${remoteNames.map((known) => remotes[known].folder).join(', ')}.`,
      );
    const output: OutputLine[] = [];
    const names = name ? [name] : remoteNames;
    await runReleaseCommand(
      { kind: 'status', names },
      {
        deploy,
        settings: production,
        build() {
          throw new Error('The status builds nothing.');
        },
        out: (text) => output.push({ stream: 'out', text }),
        warn: (text) => output.push({ stream: 'warn', text }),
      },
    );
    if (staging)
      output.push({
        stream: 'out',
        text: describeStaging(deploy.path, names, production),
      });
    return c.json({ output } satisfies CommandReply);
  });

  app.get(routes.log, (c) => {
    const remote = c.req.query('remote');
    if (remote !== undefined && !isScope(remote))
      return problemReply(c, 400, 'usage', `Unknown remote "${remote}": one of ${releaseScopes.join(', ')}.`);
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined ? undefined : Number(rawLimit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100_000))
      return problemReply(c, 400, 'usage', `limit is a whole number from 1, got "${rawLimit}".`);
    const query = { ...(remote ? { scope: remote } : {}), ...(limit ? { limit } : {}) };
    const entries = booleanQuery(c.req.query('uploads'), 'uploads')
      ? readAuditWithUploads(deploy.path, query)
      : deploy.readAudit(query);
    const output: OutputLine[] =
      entries.length === 0
        ? [
            {
              stream: 'out',
              text: `Nothing was released${remote ? ` of ${remote}` : ''} through the release service yet.`,
            },
          ]
        : entries.map((entry) => ({ stream: 'out', text: describeAuditEntry(entry) }));
    return c.json({ output, entries });
  });
}
