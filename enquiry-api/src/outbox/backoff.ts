/**
 * Delay before the next attempt after `attempts` failed ones: doubling from `baseMs`, capped at `maxMs`, with
 * up to a quarter taken off at random so waiting mails do not all retry in the same instant.
 */
export function retryDelay(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const capped = Math.min(maxMs, baseMs * 2 ** exponent);
  return Math.round(capped * (1 - 0.25 * random()));
}
