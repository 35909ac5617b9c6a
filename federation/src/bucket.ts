/**
 * A visitor's bucket: which share of visitors they belong to when a remote is released to some of them first.
 * The static host gives each visitor a random identifier in a first-party cookie on their first page (no
 * personal data: 128 random bits, nothing derived from the visitor); the bucket is a hash of it, 0–99, so the
 * same visitor gets the same versions on every page and after a reload, in the host and in the shell alike.
 */

export const bucketCookie = 'agency-bucket';

/** A year, renewed on every page the host serves. */
export const bucketCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

const identifierPattern = /^[0-9a-f]{32}$/;

export const isBucketIdentifier = (value: unknown): value is string =>
  typeof value === 'string' && identifierPattern.test(value);

/** A new identifier from the platform's cryptographic random source (browser and Node alike). */
export function newBucketIdentifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 0–99: FNV-1a (32 bit) of the identifier, spread evenly enough over a hundred buckets. */
export function bucketOf(identifier: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < identifier.length; index += 1) {
    hash ^= identifier.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The identifier in a Cookie header (or document.cookie), if it holds a valid one. */
export function bucketIdentifierIn(cookieHeader: string | undefined | null): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === bucketCookie && isBucketIdentifier(value)) return value;
  }
  return undefined;
}

/** The cookie that keeps an identifier: whole site, a year, sent on top-level navigations only. */
export function bucketCookieValue(identifier: string, secure: boolean): string {
  return `${bucketCookie}=${identifier}; Path=/; Max-Age=${bucketCookieMaxAgeSeconds}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
