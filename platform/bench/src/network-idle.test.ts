import { describe, expect, it } from 'vitest';
import { findQuietMoment, settleQuiet } from './network-idle.ts';

// A page whose first paint is at 1000 ms, as the bench sees it: document and font before the paint, scripts after.
const paintedAt = 1000;

describe('findQuietMoment', () => {
  it('is the end of the last request before a quiet window of the asked length', () => {
    const requests = [
      { start: 0, end: 200 },
      { start: 1050, end: 1600 },
      { start: 1100, end: 1900 },
      { start: 2600, end: 2700 },
    ];
    expect(findQuietMoment(requests, { from: paintedAt, quietMs: 500, now: 5000 })).toBe(1900);
    expect(findQuietMoment(requests, { from: paintedAt, quietMs: 800, now: 5000 })).toBe(2700);
  });

  it('does not count quiet before the first paint: scripts started just after it are before idle', () => {
    // Quiet from 200 ms to 1050 ms, but only 50 ms of it after the paint.
    const requests = [
      { start: 0, end: 200 },
      { start: 1050, end: 1400 },
    ];
    expect(findQuietMoment(requests, { from: paintedAt, quietMs: 500, now: 3000 })).toBe(1400);
  });

  it('is the first paint itself when nothing starts for the whole window after it', () => {
    expect(findQuietMoment([{ start: 0, end: 200 }], { from: paintedAt, quietMs: 500, now: 1500 })).toBe(
      1000,
    );
  });

  it('treats overlapping and nested requests as one busy stretch', () => {
    const requests = [
      { start: 1100, end: 3000 },
      { start: 1200, end: 1300 },
      { start: 2900, end: 3200 },
    ];
    expect(findQuietMoment(requests, { from: paintedAt, quietMs: 500, now: 4000 })).toBe(3200);
  });

  it('waits while a request is in flight or the window has not passed yet', () => {
    const inFlight = [{ start: 1100 }, { start: 1050, end: 1200 }];
    expect(findQuietMoment(inFlight, { from: paintedAt, quietMs: 500, now: 9000 })).toBeUndefined();
    const justEnded = [{ start: 1100, end: 1800 }];
    expect(findQuietMoment(justEnded, { from: paintedAt, quietMs: 500, now: 2299 })).toBeUndefined();
    expect(findQuietMoment(justEnded, { from: paintedAt, quietMs: 500, now: 2300 })).toBe(1800);
  });

  it('lets a request that starts and ends at once still break the quiet', () => {
    const requests = [
      { start: 1100, end: 1200 },
      { start: 1500, end: 1500 },
    ];
    expect(findQuietMoment(requests, { from: paintedAt, quietMs: 500, now: 3000 })).toBe(1500);
  });
});

describe('settleQuiet', () => {
  const options = { from: paintedAt, quietMs: 500, giveUpAt: 21_000 };

  it('settles without the cap when the network goes quiet', () => {
    const requests = [{ start: 1100, end: 1800 }];
    expect(settleQuiet(requests, { ...options, now: 2400 })).toEqual({
      settled: true,
      at: 1800,
      capped: false,
    });
  });

  it('keeps waiting before the cap', () => {
    expect(settleQuiet([{ start: 1100 }], { ...options, now: 20_999 })).toEqual({ settled: false });
  });

  it('ignores a request that never finishes once the cap is reached, and says so', () => {
    const requests = [{ start: 1100 }, { start: 1050, end: 2500 }];
    expect(settleQuiet(requests, { ...options, now: 21_000 })).toEqual({
      settled: true,
      at: 2500,
      capped: true,
    });
  });

  it('takes the cap as the moment when even the finished requests never leave a quiet window', () => {
    // A request every 400 ms for ever (a poll), each one short.
    const polls = Array.from({ length: 60 }, (_, index) => ({
      start: 1000 + index * 400,
      end: 1000 + index * 400 + 50,
    }));
    expect(settleQuiet(polls, { ...options, now: 21_000 })).toEqual({
      settled: true,
      at: 21_000,
      capped: true,
    });
  });
});
