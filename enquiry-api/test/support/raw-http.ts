import { connect, type Socket } from 'node:net';

/**
 * One HTTP/1.1 connection driven by hand over a loopback socket, so a test sees exactly which requests share it
 * and how the server ends it (a clean FIN, or a reset). No client library in between retries or reconnects.
 */

export interface RawResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
}

export interface ConnectionEnd {
  /** The server closed its side (FIN). */
  ended: boolean;
  /** A socket error (ECONNRESET, EPIPE…), if any: a clean close has none. */
  error?: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body chunked, without a Content-Length. */
  chunked?: boolean;
}

const headEnd = Buffer.from('\r\n\r\n');

export class RawConnection {
  private received = Buffer.alloc(0);
  private readonly waiters = new Set<() => void>();
  private ended = false;
  private error: string | undefined;
  private closed = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error ??= error.code ?? error.message;
      this.wake();
    });
    socket.once('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number, timeoutMs = 5_000): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      // Half-open allowed: this side never closes by itself when the server does, so the server must.
      const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no connection to 127.0.0.1:${port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new RawConnection(socket));
      });
    });
  }

  /** Writes one request. Write errors (the server closed first) show in closedByServer(), not here. */
  send(request: RawRequest): void {
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
    const headers = { Host: '127.0.0.1', ...request.headers };
    const lines = [`${request.method ?? 'POST'} ${request.path} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body && request.chunked) lines.push('Transfer-Encoding: chunked');
    else if (body) lines.push(`Content-Length: ${body.length}`);
    this.sendRaw(`${lines.join('\r\n')}\r\n\r\n`);
    if (!body) return;
    if (!request.chunked) {
      this.sendRaw(body);
      return;
    }
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      const piece = body.subarray(offset, offset + 64 * 1024);
      this.sendRaw(`${piece.length.toString(16)}\r\n`);
      this.sendRaw(piece);
      this.sendRaw('\r\n');
    }
    this.sendRaw('0\r\n\r\n');
  }

  /** Writes bytes as they are (a request by hand, or more of a body); nothing once the socket is closed. */
  sendRaw(data: string | Buffer): void {
    if (!this.socket.destroyed && this.socket.writable) this.socket.write(data);
  }

  /** Reads the next response (Content-Length or chunked body); rejects on close or after timeoutMs. */
  async response(timeoutMs = 5_000): Promise<RawResponse> {
    let parsed: RawResponse | undefined;
    const done = await this.waitUntil(() => {
      parsed = this.parse();
      return parsed !== undefined || this.closed || this.ended || this.error !== undefined;
    }, Date.now() + timeoutMs);
    if (parsed) return parsed;
    if (!done) throw new Error(`no whole response within ${timeoutMs} ms`);
    throw new Error(
      `the connection closed before a whole response (${this.error ?? 'end'}); had: ${JSON.stringify(this.received.toString('latin1').slice(0, 200))}`,
    );
  }

  /**
   * Waits for the server to close the connection: its FIN, then this side's FIN, then the close. A reset on the
   * way (the server closed with bytes unread, or this side wrote after it had gone) shows as `error`.
   */
  async closedByServer(timeoutMs = 5_000): Promise<ConnectionEnd & { timedOut: boolean }> {
    const deadline = Date.now() + timeoutMs;
    let timedOut = !(await this.waitUntil(
      () => this.ended || this.error !== undefined || this.closed,
      deadline,
    ));
    if (!timedOut && !this.closed) {
      this.socket.end();
      timedOut = !(await this.waitUntil(() => this.closed, deadline));
    }
    this.socket.destroy();
    return { ended: this.ended, ...(this.error ? { error: this.error } : {}), timedOut };
  }

  /** Waits for the connection to break (an error or the close), as it does when the server stops reading. */
  async brokenOff(timeoutMs = 5_000): Promise<{ timedOut: boolean; error?: string }> {
    const broke = await this.waitUntil(() => this.error !== undefined || this.closed, Date.now() + timeoutMs);
    this.socket.destroy();
    return { timedOut: !broke, ...(this.error ? { error: this.error } : {}) };
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** True once check() holds, false if the deadline passes first. */
  private async waitUntil(check: () => boolean, deadline: number): Promise<boolean> {
    for (;;) {
      if (check()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  private wake() {
    for (const wake of [...this.waiters]) wake();
  }

  private parse(): RawResponse | undefined {
    const end = this.received.indexOf(headEnd);
    if (end < 0) return undefined;
    const [statusLine = '', ...headerLines] = this.received.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(statusLine.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let offset = end + headEnd.length;
    let body: Buffer;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const pieces: Buffer[] = [];
      for (;;) {
        const lineEnd = this.received.indexOf('\r\n', offset);
        if (lineEnd < 0) return undefined;
        const size = Number.parseInt(this.received.subarray(offset, lineEnd).toString('latin1'), 16);
        if (this.received.length < lineEnd + 2 + size + 2) return undefined;
        pieces.push(this.received.subarray(lineEnd + 2, lineEnd + 2 + size));
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(pieces);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (this.received.length < offset + length) return undefined;
      body = this.received.subarray(offset, offset + length);
      offset += length;
    }
    this.received = this.received.subarray(offset);
    return { status, headers, body: body.toString('utf8') };
  }
}
