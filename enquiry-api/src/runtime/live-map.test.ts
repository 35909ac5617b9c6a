import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLiveRemoteMap } from './live-map.ts';
import { createLogger } from './logger.ts';

const integrity = `sha384-${'A'.repeat(64)}`;
const entry = (version: string, traffic: number, isDefault: boolean) => ({
  url: `http://127.0.0.1:7001/${version}/mf-manifest.json`,
  metadata: { version, integrity },
  deployment: { traffic, default: isDefault },
});
const documentOf = (stable: string, canary?: [string, number]) => ({
  schema: 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json',
  microFrontends: {
    mf_marketing: canary
      ? [entry(stable, 100 - canary[1], true), entry(canary[0], canary[1], false)]
      : [entry(stable, 100, true)],
  },
});

/** remotes.json on loopback: its document, whether it answers, and how long it takes. */
let server: Server;
let url: string;
let body: unknown;
let down = false;
let delayMs = 0;
let reads = 0;

beforeEach(async () => {
  body = documentOf('1.0.0');
  down = false;
  delayMs = 0;
  reads = 0;
  server = createServer((_, response) => {
    reads += 1;
    const sent = JSON.stringify(body);
    setTimeout(() => {
      if (down) response.writeHead(503).end();
      else response.writeHead(200, { 'Content-Type': 'application/json' }).end(sent);
    }, delayMs);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/remotes.json`;
});
afterEach(() => new Promise<void>((closed) => server.close(() => closed())));

const live = (options: { maxAgeMs?: number; minRefreshMs?: number; staleMs?: number } = {}) =>
  createLiveRemoteMap({ url, maxAgeMs: 60_000, logger: createLogger('error'), ...options });
const marketing = (version: string) => [{ remote: 'mf_marketing', version }];

describe('the live remote map', () => {
  it('tells each remote’s default version in the copy a check answered from, none before a read', async () => {
    body = documentOf('1.0.0', ['1.1.0', 10]);
    const map = live({ minRefreshMs: 0 });
    expect(map.defaults()).toBeUndefined();
    expect(await map.check(marketing('1.1.0'))).toBe('live');
    expect(map.defaults()).toEqual(new Map([['mf_marketing', '1.0.0']]));
  });

  it('takes the default and a canary with traffic; not another version, nor one published without traffic', async () => {
    body = documentOf('1.0.0', ['1.1.0', 10]);
    const map = live({ minRefreshMs: 0 });
    expect(await map.check(marketing('1.0.0'))).toBe('live');
    expect(await map.check([...marketing('1.1.0'), ...marketing('1.0.0')])).toBe('live');
    expect(await map.check([...marketing('1.0.0'), ...marketing('9.9.9')])).toBe(1);
    expect(await map.check([{ remote: 'mf_contact', version: '1.0.0' }])).toBe(0);
    body = documentOf('1.0.0', ['1.2.0', 0]);
    expect(await map.check(marketing('1.2.0'))).toBe(0);
  });

  it('sees a canary released a moment ago, even while a look that began before it is under way', async () => {
    const map = live({ minRefreshMs: 200 });
    expect(await map.check(marketing('1.0.0'))).toBe('live');
    // A forged version starts a slow look; the canary is released while it is under way.
    delayMs = 300;
    const forged = map.check(marketing('6.6.6'));
    await new Promise((wait) => setTimeout(wait, 250));
    body = documentOf('1.0.0', ['1.1.0', 10]);
    const canary = map.check(marketing('1.1.0'));
    expect(await forged).toBe(0);
    expect(await canary).toBe('live');
  });

  it('looks again at most once per minRefreshMs however many forged versions come', async () => {
    const map = live({ minRefreshMs: 1000 });
    expect(await map.check(marketing('1.0.0'))).toBe('live');
    const started = Date.now();
    const verdicts = await Promise.all(
      Array.from({ length: 50 }, (_, index) => map.check(marketing(`6.6.${index}`))),
    );
    expect(new Set(verdicts)).toEqual(new Set([0]));
    expect(reads).toBe(2);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('is unavailable when the map cannot be read, and keeps a recent copy when it stops answering', async () => {
    down = true;
    expect(await live({ minRefreshMs: 0 }).check(marketing('1.0.0'))).toBe('unavailable');
    down = false;
    const map = live({ maxAgeMs: 0, minRefreshMs: 0, staleMs: 60_000 });
    expect(await map.check(marketing('1.0.0'))).toBe('live');
    down = true;
    expect(await map.check(marketing('1.0.0'))).toBe('live');
    expect(await map.check(marketing('6.6.6'))).toBe(0);
    const short = live({ maxAgeMs: 0, minRefreshMs: 0, staleMs: 0 });
    down = false;
    expect(await short.check(marketing('1.0.0'))).toBe('live');
    down = true;
    await new Promise((wait) => setTimeout(wait, 5));
    expect(await short.check(marketing('1.0.0'))).toBe('unavailable');
  });

  it('is unavailable when the map is not a remote map', async () => {
    body = { mf_marketing: 42 };
    expect(await live({ minRefreshMs: 0 }).check(marketing('1.0.0'))).toBe('unavailable');
  });
});
