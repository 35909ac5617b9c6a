/**
 * `pnpm release log [<scope>] [--limit <n>] [--uploads]`: the service's audit log, one change per line, newest
 * last; with --uploads, every upload too, accepted or refused (who, from where, the version, why refused), and
 * every refused request that sent none (a team key's rollback with --force).
 */
import {
  type CommandReply,
  type ReleaseScope,
  releaseRoutes,
  releaseScopes,
} from 'build-config/release-protocol';
import { parseCommandLine, UsageError } from 'platform-kit/cli';
import { connect, type LocalService } from './connection.ts';
import { callService, printOutput } from './request.ts';

function parseLimit(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new UsageError(`--limit takes a whole number from 1 to 10000, got "${raw}".`);
  return limit;
}

export async function printLog(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  { out = console.log, local }: { out?: (line: string) => void; local?: LocalService } = {},
) {
  const { values, positionals } = parseCommandLine(argv, {
    limit: { type: 'string' },
    uploads: { type: 'boolean' },
  });
  if (positionals.length > 1)
    throw new UsageError(`log takes one remote at most, got: ${positionals.join(' ')}.`);
  const scope = positionals[0];
  if (scope !== undefined && !releaseScopes.includes(scope as ReleaseScope))
    throw new UsageError(`Unknown remote "${scope}". Choose one of: ${releaseScopes.join(', ')}.`);
  const limit = parseLimit(values.limit);
  const params = new URLSearchParams();
  if (scope) params.set('remote', scope);
  if (limit) params.set('limit', String(limit));
  if (values.uploads) params.set('uploads', '1');
  const connection = await connect(env, local);
  try {
    const path = `${releaseRoutes.log}${params.size > 0 ? `?${params}` : ''}`;
    printOutput(await callService<CommandReply>(connection, 'GET', path), out);
  } finally {
    await connection.close();
  }
}
