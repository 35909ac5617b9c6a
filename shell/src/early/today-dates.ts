import { formatLegalDate, isoDate, todayDateAttribute } from 'shared-content/legal-date';

/**
 * Sets every <time> marked with todayDateAttribute (the legal pages' "Last updated") to `now`'s day, text and
 * dateTime. A prerendered page holds the day it was released, and a slot that needs no code keeps that HTML
 * with no code of its own to correct it, so the page loader does it once the page is parsed.
 */
export function fillTodayDates(root: ParentNode, now: Date): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>(`time[${todayDateAttribute}]`)) {
    time.textContent = formatLegalDate(now);
    time.dateTime = isoDate(now);
  }
}
