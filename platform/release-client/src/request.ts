/**
 * One request to the release service and what it means for the command: a reply's output printed the way the
 * command on the host printed it, a refusal turned into the error the command exits with.
 */
import type { CommandReply, ErrorReply, OutputLine } from 'build-config/release-protocol';
import { isRefusalProblem, ReleaseError } from 'deploy-model/release-error';
import { UsageError } from 'platform-kit/cli';
import type { ReleaseConnection } from './connection.ts';

export interface RequestBody {
  /** A JSON body. */
  json?: unknown;
  /** A build archive and its Content-Digest. */
  archive?: { bytes: Uint8Array; digest: string };
}

/** Releases can prerender every page; a reply may take minutes, never forever. */
const replyTimeoutMs = 10 * 60_000;

async function errorOf(reply: Response, what: string): Promise<Error> {
  const text = await reply.text();
  let body: Partial<ErrorReply> = {};
  try {
    body = JSON.parse(text) as Partial<ErrorReply>;
  } catch {
    // Not the service's JSON (a proxy's page, for example): the status and the start of the body say enough.
  }
  const message =
    body.error ??
    `The release service answered ${reply.status} ${reply.statusText} to ${what}: ${text.slice(0, 200)}`;
  if (body.problem === 'usage') return new UsageError(message);
  // The service's refusal as it made it: the same problem on this side of the wire.
  return new ReleaseError(message, isRefusalProblem(body.problem) ? body.problem : 'conflict');
}

/** Sends the request; resolves to the JSON reply of a 2xx, rejects with the service's own message otherwise. */
export async function callService<T>(
  connection: ReleaseConnection,
  method: 'GET' | 'POST',
  path: string,
  body: RequestBody = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${connection.key}` };
  let payload: BodyInit | undefined;
  if (body.archive) {
    headers['content-type'] = 'application/gzip';
    headers['content-digest'] = body.archive.digest;
    payload = new Blob([new Uint8Array(body.archive.bytes)]);
  } else if (body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  const what = `${method} ${path}`;
  let reply: Response;
  try {
    reply = await fetch(`${connection.url}${path}`, {
      method,
      headers,
      ...(payload === undefined ? {} : { body: payload }),
      signal: AbortSignal.timeout(replyTimeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new ReleaseError(
      `The release service at ${connection.url} did not answer ${what} (${cause?.code ?? cause?.message ?? (error as Error).message}). ` +
        'If the request reached it, it may still have made the change: see pnpm release status before trying again.',
    );
  }
  if (!reply.ok) throw await errorOf(reply, what);
  return (await reply.json()) as T;
}

/** Prints a command's output as the service returned it, each line on its stream. */
export function printOutput({ output }: CommandReply, out = console.log, warn = console.warn) {
  for (const line of output as OutputLine[]) (line.stream === 'warn' ? warn : out)(line.text);
}
