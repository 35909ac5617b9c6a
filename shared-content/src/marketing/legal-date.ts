/**
 * The legal pages' "Last updated" date, which the spec wants to be the day the page is viewed. A prerendered
 * legal page keeps its HTML without its remote's code, so the date written at release time would stay: the
 * element is marked with `todayDateAttribute`, and the shell's page loader (shell/src/early/today-dates.ts)
 * writes the visitor's today into every marked <time> once the page is parsed. Kept apart from the copy and
 * DOM-free because that loader is inlined into every page and must stay small.
 */
export const todayDateAttribute = 'data-today';

/** Spread onto the <time> that shows the date: `<time {...todayDateMarker} dateTime={isoDate(today)}>`. */
export const todayDateMarker = { [todayDateAttribute]: '' } as const;

/** Formats a date as the legal pages show it, e.g. "21 November 2026". */
export function formatLegalDate(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The same day as YYYY-MM-DD in local time, for <time dateTime>. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
