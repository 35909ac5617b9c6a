/**
 * How the shell retries a remote that failed to load before its slot shows the fallback. A refused connection or
 * an error status fails fast: the fallback shows after the two delays, about 1 s plus the three tries' requests.
 * A server that never answers is cut off after attemptTimeoutMs per attempt, so the fallback shows within
 * 3 × 6 s + 1 s = 19 s at worst. An incompatible remote, a missing expose or a manifest that differs from its
 * release is permanent: no retry until the visitor asks for one. Shared so that the documented times and the
 * outage tests read the same numbers the shell runs with.
 *
 * A prerendered section never shows the fallback: its HTML stays, and after each failed round of those tries
 * its code is tried again in the background, after the next of `backgroundDelaysMs` (the last one repeats), at
 * once when the browser comes back online or the page is shown again, and at once on a visitor's Retry.
 */
export const retryPolicy = {
  attempts: 3,
  delaysMs: [250, 750],
  attemptTimeoutMs: 6000,
  backgroundDelaysMs: [2000, 4000, 8000, 15000, 30000],
} as const;
