/**
 * Reading X-Forwarded-For and X-Forwarded-Proto behind a known number of reverse proxies. Each proxy appends
 * the address it was connected from to the right of X-Forwarded-For; whatever stands further left was written
 * by the client and can say anything. So with `hops` trusted proxies the client is the entry `hops` places
 * from the right, never the leftmost. A header with fewer entries than that came through fewer proxies, all
 * of them trusted: its leftmost entry is then the farthest address any of them saw.
 */
export function fromTheRight(header: string | undefined, hops: number): string | undefined {
  if (header === undefined || hops < 1) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}
