/**
 * Which peer's X-Forwarded-For and X-Forwarded-Proto are believed: the one rule the enquiry API
 * (ENQUIRY_TRUST_PROXY), the static hosts and the release service (AGENCY_TRUST_PROXY) and nginx's realip list
 * (AGENCY_TRUST_PROXY_FROM) share. Each caller keeps its own variable and message; this module holds what the
 * values mean. Node only (node:net), and shared by the product and the platform, so it lives here.
 */
import { isIP } from 'node:net';

/** The words a hop-count setting takes besides a number: none, or the one proxy `true` always meant. */
export const noProxyWords: readonly string[] = ['0', 'false', 'no', 'off'];
export const oneProxyWords: readonly string[] = ['true', 'yes', 'on'];
export const maxProxyHops = 10;

/**
 * A hop-count setting (ENQUIRY_TRUST_PROXY, AGENCY_TRUST_PROXY): unset or empty is 0, the words above, or a
 * whole number from 1 to 10; undefined when the text is none of these. Read strictly: a typo must not quietly
 * believe a header any client can write.
 */
export function proxyHops(raw: string | undefined): number | undefined {
  const text = raw?.trim().toLowerCase();
  if (text === undefined || text === '' || noProxyWords.includes(text)) return 0;
  if (oneProxyWords.includes(text)) return 1;
  const hops = Number(text);
  if (/^\d+$/.test(text) && hops >= 1 && hops <= maxProxyHops) return hops;
  return undefined;
}

export interface FromTheRightOptions {
  /**
   * `skip` (the enquiry API): empty entries are dropped before counting, as a client alone can write them.
   * `count` (the static hosts, the release service): every comma counts, as nginx's own map of
   * X-Forwarded-Proto counts them, so the embedded host and nginx agree on every header.
   */
  emptyEntries?: 'skip' | 'count';
}

/**
 * The entry of X-Forwarded-For or X-Forwarded-Proto that `hops` trusted proxies vouch for. Each proxy appends
 * on the right; whatever stands further left was written by the client and can say anything. So the entry
 * `hops` places from the right, never the leftmost; a header with fewer entries came through fewer proxies,
 * all trusted, and its leftmost entry is the farthest any of them saw. Undefined with no proxies, no header
 * or an empty entry.
 */
export function fromTheRight(
  header: string | undefined,
  hops: number,
  { emptyEntries = 'skip' }: FromTheRightOptions = {},
): string | undefined {
  if (header === undefined || hops < 1) return undefined;
  const entries = header.split(',').map((entry) => entry.trim());
  const counted = emptyEntries === 'skip' ? entries.filter((entry) => entry !== '') : entries;
  const entry = counted[Math.max(0, counted.length - hops)];
  return entry === '' ? undefined : entry;
}

/** Whether the trusted proxies say the visitor came over https (X-Forwarded-Proto, any case). */
export function forwardedHttps(
  header: string | undefined,
  hops: number,
  options: FromTheRightOptions = {},
): boolean {
  return fromTheRight(header, hops, options)?.toLowerCase() === 'https';
}

/** An IPv4 or IPv6 address, optionally with a prefix length: what nginx's set_real_ip_from takes. */
export function isAddressRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * A list of trusted proxies' addresses or ranges, comma-separated (AGENCY_TRUST_PROXY_FROM): the ranges, and
 * the first entry that is not one (the caller refuses it with its own message).
 */
export function addressRanges(raw: string | undefined): { ranges: string[]; bad?: string } {
  const ranges = (raw ?? '')
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean);
  const bad = ranges.find((range) => !isAddressRange(range));
  return bad === undefined ? { ranges } : { ranges, bad };
}
