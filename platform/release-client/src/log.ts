/**
 * `pnpm release log [<scope>] [--limit <n>] [--uploads]`: the service's audit log, one change per line, newest
 * last; with --uploads, every upload too, accepted or refused (who, from where, the version, why refused), and
 * every refused request that sent none (a team key's rollback with --force). The command line
 * (platform/cli/src/release-program.ts) reads the arguments into a LogQuery with the parsers here.
 */
import {
  type CommandReply,
  type ReleaseScope,
  releaseRoutes,
  releaseScopes,
} from 'build-config/release-protocol';
import { UsageError } from 'platform-kit/cli';
import { type ConnectionSettings, connect, type LocalService } from './connection.ts';
import { callService, printOutput } from './request.ts';

/** The --limit value (the command line's parser for it): a whole number from 1 to 10000. */
export function parseLimit(raw: string): number {
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new UsageError(`--limit takes a whole number from 1 to 10000, got "${raw}".`);
  return limit;
}

/** What `pnpm release log` asks for, read by the command line. */
export interface LogQuery {
  scope?: ReleaseScope;
  limit?: number;
  uploads: boolean;
}

/** The scope a log is asked for: a remote's folder or the shell. */
export function parseLogScope(raw: string): ReleaseScope {
  if (!releaseScopes.includes(raw as ReleaseScope))
    throw new UsageError(`Unknown remote "${raw}". Choose one of: ${releaseScopes.join(', ')}.`);
  return raw as ReleaseScope;
}

export async function printLog(
  query: LogQuery,
  client: ConnectionSettings,
  { out = console.log, local }: { out?: (line: string) => void; local?: LocalService } = {},
) {
  const params = new URLSearchParams();
  if (query.scope) params.set('remote', query.scope);
  if (query.limit) params.set('limit', String(query.limit));
  if (query.uploads) params.set('uploads', '1');
  const connection = await connect(client, local);
  try {
    const path = `${releaseRoutes.log}${params.size > 0 ? `?${params}` : ''}`;
    printOutput(await callService<CommandReply>(connection, 'GET', path), out);
  } finally {
    await connection.close();
  }
}
