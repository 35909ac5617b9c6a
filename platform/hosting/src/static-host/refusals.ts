/**
 * The refusals that keep the request table's guarantees (static-host/request-table.ts): which targets name a
 * file of the folder at all, and the short plain-text answers to everything else, whether Node's parser let the
 * request through or not. Nothing here looks at the disk.
 *
 * Written by hand, and run on the Node request before Hono's adapter (@hono/node-server) sees it: the adapter
 * answers a target it cannot make a URL of ("*", a backslash, a bad absolute form) with its own empty 400, and
 * resolves dot-segments ("/../secret.txt" becomes "/secret.txt") before any middleware could refuse them; the
 * duplicate Host header is visible only in the raw header list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { generalSecurityHeaders } from 'deploy-folder/security-headers';
import { maxTargetLength } from 'deploy-model/hosting-rules';

export interface Refusal {
  status: 400 | 404 | 405 | 408 | 413 | 414 | 431 | 500;
  message: string;
}

export interface Target {
  /** The path as sent (still percent-encoded), which route paths and cache rules are matched against. */
  path: string;
  /** Its segments, each percent-decoded once and on its own. */
  segments: string[];
}

export const badRequest = (why: string): Refusal => ({ status: 400, message: `Bad request: ${why}` });

/** Characters no file name of a deploy folder holds and no browser sends in a path. */
const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Reads a request target, or says why it is refused; nothing here looks at the disk. Browsers only send
 * origin-form targets ("/path?query") with dot-segments already resolved, so everything refused below comes
 * from a tool or a probe, never a visitor:
 * - "*", absolute-form ("http://other.example/x") and authority-form targets name no file of this folder;
 * - each segment is decoded on its own and only once: "%2f" and "%5c" can then never act as separators,
 *   and "%252e" stays the file name "%2e", never "." (nothing decodes twice);
 * - ".", ".." and segments of dots only (Windows drops trailing dots and spaces, so "... " opens ".."), sent
 *   as is or encoded, are refused rather than resolved, as are backslashes (a separator on Windows), NUL and
 *   other control characters, and malformed percent-encoding.
 */
export function parseTarget(target: string): Target | Refusal {
  if (!target.startsWith('/')) return badRequest('the request target must be a path, as in GET /page');
  if (target.includes('#')) return badRequest('a fragment (#) is never sent to a server');
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return badRequest('malformed percent-encoding in the path');
    }
    if (/^[. ]*\.[. ]*$/.test(segment))
      return badRequest('dot-segments (. or ..) are not allowed in the path');
    if (/[/\\]/.test(segment))
      return badRequest('encoded slashes and backslashes are not allowed in the path');
    if (hasControlCharacter(segment)) return badRequest('control characters are not allowed in the path');
    segments.push(segment);
  }
  return { path, segments };
}

/** Refusals are short plain text that no cache keeps (the next request may well be fine). */
export function refuse(
  response: ServerResponse,
  { status, message }: Refusal,
  headers: Record<string, string> = {},
) {
  const body = `${message}\n`;
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    // A client that sent a malformed request is not kept waiting on an idle connection.
    ...(status === 400 || status === 414 ? { Connection: 'close' } : {}),
    ...headers,
  });
  response.end(body);
}

/** A refusal as the Hono middlewares answer it. */
export function refusalResponse(
  { status, message }: Refusal,
  headers: Record<string, string> = {},
): Response {
  const body = `${message}\n`;
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    },
  });
}

/** The same refusal written straight to a socket, for requests that never become a request object. */
export function rawRefusal({ status, message }: Refusal, headers: Record<string, string> = {}): string {
  const body = `${message}\n`;
  const fields = {
    ...generalSecurityHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...headers,
  };
  const head = Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
}

/** What Node's parser refused, as an answer: its own default is an empty 400 or 431. */
function malformedRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): Refusal {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The head is over 16 KiB; with no line break in the first maxTargetLength bytes it is the request line.
    const start = error.rawPacket?.toString('latin1', 0, maxTargetLength + 64) ?? '';
    return start.length > maxTargetLength && !start.includes('\n')
      ? { status: 414, message: 'URI too long' }
      : { status: 431, message: 'Request header fields too large' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, message: 'Payload too large' };
  return badRequest('malformed request');
}

export function answerMalformed(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  // Already answered (the parser reports the rest of a refused request again), or the client is gone.
  if (!socket.writable) return;
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  socket.end(rawRefusal(malformedRefusal(error)));
  // Closing with unread bytes resets the connection, and the client may lose the answer: the socket reads
  // on (the parser drops it) until the client closes, for a few seconds at most.
  setTimeout(() => socket.destroy(), 5000).unref();
}

/** Node keeps only the first Host header in request.headers; the raw list has them all. */
export const hostHeaderCount = (request: IncomingMessage) =>
  request.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === 'host').length;

/** Why a request cannot be answered before its target is looked at, if it cannot. */
function refusalOf(request: IncomingMessage): Refusal | Target {
  // Two Host headers name two sites: which one a cache or proxy in front took is anyone's guess (RFC 9112, 3.2).
  if (hostHeaderCount(request) > 1) return badRequest('more than one Host header');
  // Node's own check (requireHostHeader, off in startStaticHost) would answer an empty 400: this one says why.
  if (request.httpVersion === '1.1' && request.headers.host === undefined) {
    return badRequest('HTTP/1.1 requires a Host header');
  }
  const rawTarget = request.url ?? '/';
  if (rawTarget.length > maxTargetLength) return { status: 414, message: 'URI too long' };
  return parseTarget(rawTarget);
}

/**
 * The target of a request this host answers, or undefined once the request has been refused: two Host headers,
 * HTTP/1.1 without one, a target over maxTargetLength, or one parseTarget refuses.
 */
export function acceptedTarget(
  request: IncomingMessage,
  response: ServerResponse,
  siteHeaders: () => Record<string, string>,
): Target | undefined {
  const target = refusalOf(request);
  if ('segments' in target) {
    acceptedTargets.set(request, target);
    return target;
  }
  for (const [name, value] of Object.entries(siteHeaders())) response.setHeader(name, value);
  refuse(response, target);
  return undefined;
}

/** The targets acceptedTarget let through, for the middlewares (targetOf) to read rather than parse again. */
const acceptedTargets = new WeakMap<IncomingMessage, Target>();

/** The accepted target of a request that passed acceptedTarget. */
export function targetOf(request: IncomingMessage): Target {
  const target = acceptedTargets.get(request);
  if (!target) throw new Error('The request reached the host without passing acceptedTarget');
  return target;
}
