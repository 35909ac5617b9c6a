/**
 * The Idempotency-Key header (as Stripe and the IETF httpapi draft name it): a form makes one key per
 * submission and sends it with every retry of that submission, so the API stores and mails it once.
 */
export const idempotencyKeyHeader = 'Idempotency-Key';

/**
 * A key: 16 to 128 letters, digits, "-", "_", "." or ":" (a UUID fits), bare or as the draft's quoted string.
 * The lower bound keeps clients from using counters that would collide between visitors.
 */
export const idempotencyKeyPattern = /^"?([A-Za-z0-9._:-]{16,128})"?$/;

/** How long the API remembers a key and its reply: a visitor retries within minutes, a day is ample. */
export const idempotencyKeyTtlMs = 24 * 60 * 60 * 1000;

/** The key's value, or null when the header is malformed (including a quote on one side only). */
export function parseIdempotencyKey(header: string): string | null {
  const match = idempotencyKeyPattern.exec(header.trim());
  if (!match?.[1]) return null;
  const quoted = header.trim().startsWith('"');
  if (quoted !== header.trim().endsWith('"')) return null;
  return match[1];
}
