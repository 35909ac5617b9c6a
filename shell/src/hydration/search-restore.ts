/**
 * A page opened with a query hydrates at its bare path, and RestoreSearch applies the query just after
 * (see there). Input the page loader held for a section must not be performed in between: a View More pressed
 * on /portfolio?category=All+Projects would otherwise reveal the prerendered default category and write that
 * into the URL. So, while the query is on its way, a section that goes live queues its held input here.
 */
let waiting: (() => void)[] | null = null;

/** Called before hydration when the page was opened with a query. */
export function holdInputUntilSearchRestored(): void {
  waiting ??= [];
}

/** Runs `perform` now, or once the page's query is in the router. */
export function afterSearchRestored(perform: () => void): void {
  if (waiting) waiting.push(perform);
  else perform();
}

/** The router now shows the query the page was opened with (or a later navigation replaced it). */
export function searchRestored(): void {
  const queued = waiting ?? [];
  waiting = null;
  for (const perform of queued) perform();
}
