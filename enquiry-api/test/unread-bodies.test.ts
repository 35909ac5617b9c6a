import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { createNodeServer, type UnreadBodyLimits, unreadBodyLimits } from 'site-node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { RawConnection } from './support/raw-http.ts';

/**
 * The bounds of the unread-body policy (site-node-server: node-server/src/node-server.ts), on a real server on 127.0.0.1 and a tiny app:
 * a stalled drain, a body that comes late, a request pipelined behind `Connection: close`, and the lingering
 * close's time and byte limits.
 */

let server: Server | undefined;
let handled = 0;

function app() {
  const hono = new Hono();
  // Like bodyLimit, open the body as a web stream and answer without reading it.
  hono.post('/reject', (c) => {
    void c.req.raw.body;
    return c.json({ error: 'refused' }, 415);
  });
  hono.post('/count', async (c) => {
    await c.req.text();
    handled += 1;
    return c.text('counted');
  });
  hono.get('/ok', (c) => c.text('ok'));
  return hono;
}

async function start(limits: Partial<UnreadBodyLimits> = {}): Promise<number> {
  handled = 0;
  server = createNodeServer(app().fetch, { limits: { ...unreadBodyLimits, ...limits } });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

const head = (path: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n`;

describe('unread request bodies', () => {
  it('drains a small body that arrives after the reply, then serves the next request on the same connection', async () => {
    const port = await start();
    const connection = await RawConnection.open(port);
    try {
      connection.sendRaw(head('/reject', 60 * 1024));
      connection.sendRaw('x'.repeat(30 * 1024));
      const rejected = await connection.response();
      expect(rejected).toMatchObject({ status: 415, headers: { connection: 'keep-alive' } });
      await new Promise((wait) => setTimeout(wait, 100));
      connection.sendRaw('x'.repeat(30 * 1024));
      connection.send({ method: 'GET', path: '/ok' });
      expect(await connection.response()).toMatchObject({ status: 200, body: 'ok' });
    } finally {
      connection.destroy();
    }
  });

  it('closes a kept connection whose small body stops coming, after drainTimeoutMs', async () => {
    const port = await start({ drainTimeoutMs: 200 });
    const connection = await RawConnection.open(port);
    try {
      connection.sendRaw(head('/reject', 1_000));
      connection.sendRaw('x'.repeat(10));
      const started = Date.now();
      expect(await connection.response()).toMatchObject({
        status: 415,
        headers: { connection: 'keep-alive' },
      });
      const end = await connection.closedByServer(5_000);
      expect(end.timedOut).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    } finally {
      connection.destroy();
    }
  });

  it('never hands the app a request pipelined behind a Connection: close reply', async () => {
    const port = await start();
    const connection = await RawConnection.open(port);
    try {
      const tooBig = 200 * 1024;
      connection.sendRaw(head('/reject', tooBig));
      connection.sendRaw('x'.repeat(tooBig));
      connection.sendRaw(head('/count', 2));
      connection.sendRaw('hi');
      expect(await connection.response()).toMatchObject({ status: 415, headers: { connection: 'close' } });
      expect((await connection.closedByServer(5_000)).timedOut).toBe(false);
      expect(handled).toBe(0);
    } finally {
      connection.destroy();
    }
  });

  it('stops a lingering close after lingerMaxBytes', async () => {
    const port = await start({ lingerMs: 60_000, lingerMaxBytes: 256 * 1024 });
    const connection = await RawConnection.open(port);
    try {
      connection.sendRaw(head('/reject', 100 * 1024 * 1024));
      const flood = setInterval(() => connection.sendRaw(Buffer.alloc(64 * 1024, 'x')), 5);
      try {
        expect(await connection.response()).toMatchObject({ status: 415, headers: { connection: 'close' } });
        // lingerMs is a minute: only the byte limit can stop the server reading this soon.
        expect((await connection.brokenOff(5_000)).timedOut).toBe(false);
      } finally {
        clearInterval(flood);
      }
    } finally {
      connection.destroy();
    }
  });

  it('stops a lingering close after lingerMs', async () => {
    const port = await start({ lingerMs: 300 });
    const connection = await RawConnection.open(port);
    try {
      connection.sendRaw(head('/reject', 100 * 1024 * 1024));
      const trickle = setInterval(() => connection.sendRaw('x'.repeat(1024)), 20);
      try {
        const started = Date.now();
        expect(await connection.response()).toMatchObject({ status: 415, headers: { connection: 'close' } });
        expect((await connection.brokenOff(5_000)).timedOut).toBe(false);
        expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      } finally {
        clearInterval(trickle);
      }
    } finally {
      connection.destroy();
    }
  });
});
