import { todayDateAttribute } from 'shared-content/legal-date';
import { afterEach, describe, expect, it } from 'vitest';
import { fillTodayDates } from './today-dates.ts';

afterEach(() => {
  document.body.replaceChildren();
});

/** A legal page's date as the release prerendered it. */
function releasedDate(marked = true) {
  const time = document.createElement('time');
  if (marked) time.setAttribute(todayDateAttribute, '');
  time.dateTime = '2026-11-21';
  time.textContent = '21 November 2026';
  document.body.append(time);
  return time;
}

describe('fillTodayDates', () => {
  it('sets every marked date of a prerendered page to the visitor’s today, text and dateTime', () => {
    const dates = [releasedDate(), releasedDate()];
    fillTodayDates(document, new Date(2027, 2, 9, 0, 10));
    for (const time of dates) {
      expect(time.textContent).toBe('9 March 2027');
      expect(time.getAttribute('datetime')).toBe('2027-03-09');
    }
  });

  it('leaves dates without the mark as the page has them', () => {
    const other = releasedDate(false);
    fillTodayDates(document, new Date(2027, 2, 9));
    expect(other.textContent).toBe('21 November 2026');
    expect(other.dateTime).toBe('2026-11-21');
  });
});
