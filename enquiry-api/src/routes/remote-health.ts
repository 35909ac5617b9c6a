import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { apiMessages, remoteHealthMessages } from 'shared-content/enquiry';
import { failure } from '../http/replies.ts';
import type { AppDependencies } from './dependencies.ts';

/**
 * GET /remote-health?since=<ISO time>: the beacon counts summed per remote, version, kind and load-failure
 * reason since then, for the release tooling (the canary check, `pnpm release status`), which reads them over
 * HTTP instead of opening this API's database file.
 *
 * The counts say how each release fares, which is the operators' business, not the public's:
 * - with ENQUIRY_HEALTH_KEY set, only a request with `Authorization: Bearer <that key>` gets them (401
 *   otherwise), wherever it comes from;
 * - without a key, only a client connected directly from a loopback address with no X-Forwarded-For header
 *   does. Anyone else gets the 404 of an unknown path: behind a proxy on the same machine every request comes
 *   from loopback, but through the proxy, which says so in X-Forwarded-For, so the counts are never public.
 */
export function remoteHealthReport(deps: AppDependencies) {
  return (c: Context) => {
    if (deps.healthKey !== null) {
      if (!bearerMatches(c.req.header('authorization'), deps.healthKey)) {
        c.header('WWW-Authenticate', 'Bearer realm="remote-health"');
        return failure(c, 401, remoteHealthMessages.unauthorized);
      }
    } else if (!directFromLoopback(c, deps)) {
      return failure(c, 404, apiMessages.notFound);
    }
    const raw = c.req.query('since');
    const since = isoTime(raw);
    if (since === undefined) return failure(c, 400, remoteHealthMessages.since(raw));
    return c.json(deps.remoteHealth.report(since));
  };
}

/** An ISO 8601 date, or date and time with Z or an offset; Date.parse alone takes many other shapes. */
const isoShape = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function isoTime(raw: string | undefined): number | undefined {
  if (raw === undefined || !isoShape.test(raw)) return undefined;
  const time = Date.parse(raw);
  return Number.isFinite(time) && time >= 0 ? time : undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests of equal length, in constant time: the reply's timing tells nothing about the key. */
function bearerMatches(header: string | undefined, key: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(key));
}

function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

function directFromLoopback(c: Context, deps: AppDependencies): boolean {
  const forwarded = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  return !forwarded && isLoopback(deps.peerAddress(c));
}
