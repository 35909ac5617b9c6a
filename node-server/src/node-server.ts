/**
 * The Node HTTP server around a Hono app, shared by the enquiry API (enquiry-api/src/main.ts) and the release
 * service (platform/release-service/src/server.ts), and what becomes of a request body the app never read.
 *
 * Early replies (413 too large, 415, 429, 403, 404/405, a 400 before the body is read) are sent while the
 * client may still be sending its body. On a keep-alive connection those unread bytes come before the next
 * request, so they have to be dealt with, and the reply's Connection header has to tell the truth:
 *
 * - the body is already all received, or its Content-Length is at most `drainMaxBytes`: the reply keeps the
 *   connection, the rest of the body is read and thrown away, and the next request is served on it. A body
 *   that does not arrive within `drainTimeoutMs` gets the connection closed.
 * - anything else (a larger body, or chunked with no length): the reply says `Connection: close`. After it, the
 *   server sends no more but keeps reading and discarding for at most `lingerMs` and `lingerMaxBytes` (a
 *   "lingering close", as nginx does), then closes: closing at once with bytes unread would make the kernel
 *   answer with a reset, and a client can lose the reply to it. A request that still arrives on such a
 *   connection (pipelined) is never handed to the app, so nothing is stored without a reply.
 *
 * The adapter's own clean-up (`autoCleanupIncoming`) is turned off: it drained behind a `keep-alive` reply and,
 * when the body had been opened as a web stream (hono's bodyLimit does), stalled on that stream's back
 * pressure and dropped the connection half a second later, so the client's next request failed.
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/** The bounds of the policy above; `unreadBodyLimits` holds the ones the API runs with. */
export interface UnreadBodyLimits {
  /** A body declared at most this long (Content-Length) is drained, keeping the connection. */
  drainMaxBytes: number;
  /** How long that drain may wait for the client before the connection is closed. */
  drainTimeoutMs: number;
  /** After a `Connection: close` early reply: at most this long reading (and dropping) what still comes... */
  lingerMs: number;
  /** ...and at most this many bytes, then the connection is closed. */
  lingerMaxBytes: number;
}

export const unreadBodyLimits: UnreadBodyLimits = {
  drainMaxBytes: 64 * 1024,
  drainTimeoutMs: 5_000,
  lingerMs: 2_000,
  lingerMaxBytes: 8 * 1024 * 1024,
};

type FetchCallback = Parameters<typeof getRequestListener>[0];

/** What a request with two Host headers is told, as `{ "error": … }`, unless the server is given its own words. */
export const duplicateHostMessage = 'The request has more than one Host header.';

export interface NodeServerOptions {
  /** The name the app sees in a request's URL when the Host header is missing. */
  hostname?: string;
  limits?: UnreadBodyLimits;
  /** No `100 Continue` for a body declared longer. */
  maxBodyBytes?: number;
  /** The `error` of the 400 to two Host headers (the API's own copy, shared-content's apiMessages). */
  duplicateHost?: string;
}

/**
 * An HTTP/1.1 server for a Hono app's fetch, with the unread-body policy above, one Host header per request,
 * and no `100 Continue` for a body declared over `maxBodyBytes`. Call listen() on it.
 */
export function createNodeServer(fetch: FetchCallback, options: NodeServerOptions = {}): Server {
  const listener = getRequestListener(fetch, {
    ...(options.hostname ? { hostname: options.hostname } : {}),
    autoCleanupIncoming: false,
  });
  const handle = settleUnreadBodies(
    refuseDuplicateHost(listener, options.duplicateHost ?? duplicateHostMessage),
    options.limits,
  );
  const server = createServer(handle);
  // With this listener Node no longer answers `Expect: 100-continue` by itself. A body declared over the limit
  // gets no invitation: the app answers 413 from the Content-Length alone, and the client never sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const length = declaredLength(req);
    if (options.maxBodyBytes === undefined || length === undefined || length <= options.maxBodyBytes) {
      res.writeContinue();
    }
    handle(req, res);
  });
  return server;
}

/**
 * Two Host headers make a request whose target depends on which one a server or proxy reads; Node keeps the
 * first and drops the other silently, so the raw headers are counted and such a request gets 400.
 */
function refuseDuplicateHost(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  message: string,
): (req: IncomingMessage, res: ServerResponse) => unknown {
  return (req, res) => {
    let hosts = 0;
    for (let index = 0; index < req.rawHeaders.length; index += 2) {
      if (req.rawHeaders[index]?.toLowerCase() === 'host') hosts += 1;
    }
    if (hosts <= 1) return listener(req, res);
    res.shouldKeepAlive = false;
    res.writeHead(400, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(JSON.stringify({ error: message }));
  };
}

/** Sockets whose early reply said `Connection: close`. */
const closing = new WeakSet<Socket>();

/** Wraps a request listener so every reply sent before its request body was read keeps or closes cleanly. */
export function settleUnreadBodies(
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  limits: UnreadBodyLimits = unreadBodyLimits,
): RequestListener {
  return (req, res) => {
    if (closing.has(req.socket)) {
      req.socket.destroy();
      return;
    }
    // The headers are the last moment to choose the Connection header; every reply passes writeHead.
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      res.writeHead = writeHead;
      if (!req.readableEnded) settle(req, res, limits);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    void listener(req, res);
  };
}

function declaredLength(req: IncomingMessage): number | undefined {
  if (req.headers['transfer-encoding'] !== undefined) return undefined;
  const raw = req.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function settle(req: IncomingMessage, res: ServerResponse, limits: UnreadBodyLimits) {
  const { socket } = req;
  const length = declaredLength(req);
  const drain =
    req.complete || (res.shouldKeepAlive && length !== undefined && length <= limits.drainMaxBytes);

  // Nobody reads the body now. Drop whatever listens to it (the adapter's web stream, which pauses it once its
  // queue is full) and let it flow into nothing, so the parser gets on to the next request.
  let dropped = 0;
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (!drain && dropped > limits.lingerMaxBytes) socket.destroy();
  });
  req.resume();
  // All of it is in already: the connection stays as the client and Node had it.
  if (req.complete) return;

  if (drain) {
    res.once('finish', () => {
      if (req.readableEnded) return;
      const timer = setTimeout(() => socket.destroy(), limits.drainTimeoutMs);
      const done = () => clearTimeout(timer);
      req.once('end', done);
      socket.once('close', done);
    });
    return;
  }

  // Node then writes `Connection: close` and calls destroySoon() once the reply is sent.
  res.shouldKeepAlive = false;
  closing.add(socket);
  let started = false;
  socket.destroySoon = () => {
    if (started) return;
    started = true;
    lingeringClose(req, socket, limits.lingerMs);
  };
}

/** Sends FIN after the reply, reads on until the body has all come (or time is up), then closes. */
function lingeringClose(req: IncomingMessage, socket: Socket, lingerMs: number) {
  if (socket.destroyed) return;
  let replySent = socket.writableFinished;
  let bodyDone = req.readableEnded;
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  const closeIfDone = () => {
    if (replySent && bodyDone) socket.destroy();
  };
  socket.once('close', () => clearTimeout(timer));
  socket.once('finish', () => {
    replySent = true;
    closeIfDone();
  });
  req.once('end', () => {
    bodyDone = true;
    closeIfDone();
  });
  socket.end();
  closeIfDone();
}
