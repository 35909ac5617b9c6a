/**
 * The release service's small pieces of HTTP: its error replies, the client's address for the audit, and the
 * strict reading of a query flag or a small JSON body (anything unexpected is a 400 `usage`, nothing changed).
 */
import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ErrorReply, OutputLine } from 'build-config/release-protocol';
import { fromTheRight } from 'build-config/trusted-proxy';
import type { Context } from 'hono';
import { UsageError } from 'platform-kit/cli';
import { plainPeerAddress } from 'site-node-server/peer-address';
import { OperatorKeyNeeded } from './operator-force.ts';
import { UploadError } from './upload.ts';

export const problemReply = (
  c: Context,
  status: number,
  problem: string,
  error: string,
  output: OutputLine[] = [],
) =>
  c.json(
    { error, problem, ...(output.length > 0 ? { output } : {}) } satisfies ErrorReply & {
      output?: OutputLine[];
    },
    status as 400,
  );

/** An UploadError, a UsageError, a team key's --force or anything else thrown before a change starts, as a reply. */
export function refusedBeforeChange(c: Context, error: unknown, log?: (line: string) => void) {
  if (error instanceof UploadError) return problemReply(c, error.status, error.problem, error.message);
  if (error instanceof UsageError) return problemReply(c, 400, 'usage', error.message);
  if (error instanceof OperatorKeyNeeded) return problemReply(c, 403, 'forbidden', error.message);
  return hostFailure(c, (error as Error).message, log);
}

/**
 * A 500: something failed on the host, not in the request. Its cause (a system error, which names the host's
 * paths) goes to the service's log under a reference; a team's key gets the reference only, the operator's key
 * (whose holder reads that log anyway) the cause too.
 */
export function hostFailure(
  c: Context,
  cause: string,
  log?: (line: string) => void,
  output: OutputLine[] = [],
) {
  const reference = randomBytes(4).toString('hex');
  log?.(
    `Release service: ${c.req.method} ${c.req.path} from ${knownClientAddress(c)} failed on the host (reference ${reference}): ${cause}`,
  );
  const holder = c.get('holder') as { scope?: string } | undefined;
  const said =
    holder?.scope === 'all'
      ? `${cause} (reference ${reference})`
      : `The release service failed on the host (reference ${reference} in its log): tell the operator, who can see why.`;
  return problemReply(c, 500, 'failed', said, output);
}

/**
 * Each request's client address, read once as it arrives: once the socket is closed (a reply that ended the
 * connection, a client gone) Node no longer knows its peer, and a 500 was logged "from unknown".
 */
const addresses = new WeakMap<Request, string>();

/** The client's address; behind trusted proxies (AGENCY_TRUST_PROXY), the one they say they were reached from. */
export function clientAddress(c: Context, hops: number): string {
  const known = addresses.get(c.req.raw);
  if (known) return known;
  const address = addressOf(c, hops);
  addresses.set(c.req.raw, address);
  return address;
}

/** The address clientAddress read for this request, for a line logged where the proxy hops are not known. */
export const knownClientAddress = (c: Context): string => addresses.get(c.req.raw) ?? addressOf(c, 0);

function addressOf(c: Context, hops: number): string {
  const forwarded = fromTheRight(c.req.header('x-forwarded-for'), hops, { emptyEntries: 'count' });
  if (forwarded) return forwarded;
  try {
    return plainPeerAddress(getConnInfo(c).remote.address);
  } catch {
    // Not over a socket (a test calling app.request): nothing to name.
    return 'unknown';
  }
}

/** A JSON body of at most the given fields (any other is refused, not ignored); an empty body is `{}`. */
export async function jsonBody(c: Context, fields: readonly string[]): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError('The request body is not JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('The request body must be a JSON object.');
  const unexpected = Object.keys(parsed).filter((field) => !fields.includes(field));
  if (unexpected.length > 0)
    throw new UsageError(
      `The request body has ${unexpected.map((field) => `"${field}"`).join(', ')}; it takes only ${fields.join(', ')}.`,
    );
  return parsed as Record<string, unknown>;
}

export function optionalString(body: Record<string, unknown>, field: string, pattern: RegExp, what: string) {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !pattern.test(value)) throw new UsageError(`"${field}" must be ${what}.`);
  return value;
}

export const booleanQuery = (raw: string | undefined, name: string): boolean => {
  if (raw === undefined || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new UsageError(`${name} is 1 or 0, got "${raw}".`);
};

/** The query parameters each route takes; any other, or one given twice, is refused. */
const queryParameters: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/v1\/[^/]+\/releases$/, ['canary', 'force', 'stages', 'hold', 'commit', 'ref', 'author']],
  [/^\/v1\/[^/]+\/previews$/, ['hours', 'force', 'commit', 'ref', 'author', 'env']],
  [/^\/v1\/[^/]+\/versions$/, ['env']],
  [/^\/v1\/status$/, ['remote']],
  [/^\/v1\/log$/, ['remote', 'limit', 'uploads']],
];

/** Why the request's query is refused, or undefined when the route takes every parameter given, once. */
export function unexpectedQuery(c: Context): string | undefined {
  const allowed = queryParameters.find(([route]) => route.test(c.req.path))?.[1] ?? [];
  for (const [name, values] of Object.entries(c.req.queries())) {
    const takes = allowed.length > 0 ? `it takes ${allowed.join(', ')}` : 'it takes none';
    if (!allowed.includes(name))
      return `${c.req.method} ${c.req.path} takes no "${name}" (${takes}). Nothing changed.`;
    if (values.length > 1) return `"${name}" is given ${values.length} times. Nothing changed.`;
  }
  return undefined;
}
