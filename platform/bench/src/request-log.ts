import type { RequestSpan } from './network-idle.ts';

/**
 * The page's requests as Chrome's DevTools protocol reports them (Network.requestWillBeSent, responseReceived,
 * loadingFinished, loadingFailed), kept as start/end times in ms since navigation start and, for scripts,
 * the bytes sent over the wire. Only the fields used are typed, so tests can feed plain objects.
 * CDP timestamps are seconds on the browser's monotonic clock.
 */
interface LoggedRequest extends RequestSpan {
  url: string;
  isScript: boolean;
  /** encodedDataLength at loadingFinished: headers and the body as sent (compressed). */
  bytes: number;
}

export class RequestLog {
  readonly #requests = new Map<string, LoggedRequest>();
  /** The main document's request time (ms, browser clock); navigation start is a little before it. */
  #documentStart: number | undefined;
  /** How long after navigation start the document request started (Navigation Timing's fetchStart). */
  #fetchStart = 0;
  /** Our clock minus the browser's, as low as seen: an event cannot arrive before it happened. */
  #clockOffset = Number.POSITIVE_INFINITY;

  readonly #localNow: () => number;

  /** `localNow`: our clock in ms (a parameter so tests need no real time). */
  constructor(localNow: () => number = () => performance.now()) {
    this.#localNow = localNow;
  }

  requestWillBeSent(event: {
    requestId: string;
    timestamp: number;
    type?: string;
    request: { url: string };
  }) {
    const at = this.#seen(event.timestamp);
    if (event.type === 'Document' && this.#documentStart === undefined) this.#documentStart = at;
    // A redirect reuses the request id: the request goes on from its first start.
    const known = this.#requests.get(event.requestId);
    if (known) return;
    this.#requests.set(event.requestId, { url: event.request.url, start: at, isScript: false, bytes: 0 });
  }

  responseReceived(event: { requestId: string; timestamp: number; type: string }) {
    this.#seen(event.timestamp);
    const request = this.#requests.get(event.requestId);
    if (request) request.isScript = event.type === 'Script';
  }

  loadingFinished(event: { requestId: string; timestamp: number; encodedDataLength: number }) {
    const request = this.#requests.get(event.requestId);
    const at = this.#seen(event.timestamp);
    if (!request) return;
    request.end = at;
    request.bytes = event.encodedDataLength;
  }

  loadingFailed(event: { requestId: string; timestamp: number }) {
    const request = this.#requests.get(event.requestId);
    const at = this.#seen(event.timestamp);
    if (request) request.end = at;
  }

  /** Called once the page reports Navigation Timing, to put request times on the page's own clock. */
  setFetchStart(fetchStartMs: number) {
    this.#fetchStart = fetchStartMs;
  }

  /** The browser's "now" in ms since navigation start, from our clock and the offset seen so far. */
  now(): number {
    return this.#fromNavigation(this.#localNow() - this.#clockOffset);
  }

  /** Every request so far, in ms since navigation start (end undefined while in flight). */
  spans(): RequestSpan[] {
    return [...this.#requests.values()].map((request) => ({
      start: this.#fromNavigation(request.start),
      end: request.end === undefined ? undefined : this.#fromNavigation(request.end),
    }));
  }

  /** Bytes of finished script responses, per URL, of the requests that started before `before` (if given). */
  scriptBytesByUrl(before = Number.POSITIVE_INFINITY): Map<string, number> {
    const byUrl = new Map<string, number>();
    for (const request of this.#requests.values()) {
      if (!request.isScript || request.end === undefined) continue;
      if (this.#fromNavigation(request.start) >= before) continue;
      byUrl.set(request.url, (byUrl.get(request.url) ?? 0) + request.bytes);
    }
    return byUrl;
  }

  scriptBytes(before?: number): number {
    let total = 0;
    for (const bytes of this.scriptBytesByUrl(before).values()) total += bytes;
    return total;
  }

  #seen(timestampSeconds: number): number {
    const at = timestampSeconds * 1000;
    this.#clockOffset = Math.min(this.#clockOffset, this.#localNow() - at);
    return at;
  }

  #fromNavigation(browserMs: number): number {
    return browserMs - (this.#documentStart ?? 0) + this.#fetchStart;
  }
}
