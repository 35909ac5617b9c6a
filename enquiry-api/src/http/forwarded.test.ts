import { describe, expect, it } from 'vitest';
import { fromTheRight } from './forwarded.ts';

describe('fromTheRight', () => {
  it('takes the entry the trusted proxies wrote, however many entries the client put before it', () => {
    expect(fromTheRight('198.51.100.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(fromTheRight('forged, 198.51.100.1, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(fromTheRight('203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('takes the leftmost when fewer proxies than configured wrote the header, and nothing when it is empty', () => {
    expect(fromTheRight('203.0.113.7', 3)).toBe('203.0.113.7');
    expect(fromTheRight(' , ', 1)).toBeUndefined();
    expect(fromTheRight(undefined, 1)).toBeUndefined();
    expect(fromTheRight('203.0.113.7', 0)).toBeUndefined();
  });
});
