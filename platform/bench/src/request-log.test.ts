import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log.ts';

/** A log whose local clock reads 5 s ahead of the browser's (CDP timestamps are browser seconds). */
function logAt(browserSeconds: () => number) {
  return new RequestLog(() => browserSeconds() * 1000 + 5000);
}

describe('RequestLog', () => {
  it('puts requests on the page clock and counts script bytes of the requests started before a moment', () => {
    let clock = 0;
    const log = logAt(() => clock);
    // Each event reaches us the moment it happens.
    const arrive = <E extends { timestamp: number }>(handle: (event: E) => void, event: E) => {
      clock = event.timestamp;
      handle.call(log, event);
    };
    const url = (path: string) => ({ url: `https://x/${path}` });
    arrive(log.requestWillBeSent, { requestId: '1', timestamp: 100, type: 'Document', request: url('') });
    arrive(log.responseReceived, { requestId: '1', timestamp: 100.125, type: 'Document' });
    arrive(log.loadingFinished, { requestId: '1', timestamp: 100.25, encodedDataLength: 9000 });
    arrive(log.requestWillBeSent, { requestId: '2', timestamp: 101, type: 'Script', request: url('a.js') });
    arrive(log.responseReceived, { requestId: '2', timestamp: 101.25, type: 'Script' });
    arrive(log.loadingFinished, { requestId: '2', timestamp: 101.5, encodedDataLength: 3000 });
    arrive(log.requestWillBeSent, { requestId: '3', timestamp: 102, type: 'Script', request: url('b.js') });
    arrive(log.responseReceived, { requestId: '3', timestamp: 102.125, type: 'Script' });
    arrive(log.loadingFinished, { requestId: '3', timestamp: 102.25, encodedDataLength: 2000 });
    arrive(log.requestWillBeSent, {
      requestId: '4',
      timestamp: 102.5,
      type: 'Fetch',
      request: url('c.json'),
    });
    // Navigation Timing: the document request started 2 ms after navigation start.
    log.setFetchStart(2);
    clock = 103;

    expect(log.spans()).toEqual([
      { start: 2, end: 252 },
      { start: 1002, end: 1502 },
      { start: 2002, end: 2252 },
      { start: 2502, end: undefined },
    ]);
    expect(log.now()).toBe(3002);
    expect(log.scriptBytes(2000)).toBe(3000);
    expect(log.scriptBytes()).toBe(5000);
    expect([...log.scriptBytesByUrl()]).toEqual([
      ['https://x/a.js', 3000],
      ['https://x/b.js', 2000],
    ]);
  });

  it('ends a failed request, and keeps a redirected request at its first start', () => {
    const log = logAt(() => 10);
    log.requestWillBeSent({ requestId: '1', timestamp: 1, type: 'Document', request: { url: 'https://x/' } });
    log.requestWillBeSent({
      requestId: '2',
      timestamp: 2,
      type: 'Script',
      request: { url: 'https://x/old.js' },
    });
    log.requestWillBeSent({
      requestId: '2',
      timestamp: 2.5,
      type: 'Script',
      request: { url: 'https://x/new.js' },
    });
    log.requestWillBeSent({
      requestId: '3',
      timestamp: 3,
      type: 'Script',
      request: { url: 'https://x/gone.js' },
    });
    log.loadingFailed({ requestId: '3', timestamp: 3.5 });
    expect(log.spans()).toEqual([
      { start: 0, end: undefined },
      { start: 1000, end: undefined },
      { start: 2000, end: 2500 },
    ]);
  });

  it('counts a script still downloading in no figure', () => {
    const log = logAt(() => 10);
    log.requestWillBeSent({
      requestId: '1',
      timestamp: 1,
      type: 'Script',
      request: { url: 'https://x/a.js' },
    });
    log.responseReceived({ requestId: '1', timestamp: 1.25, type: 'Script' });
    expect(log.scriptBytes()).toBe(0);
  });
});
