import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FloorFileError,
  floorShortfalls,
  parseTestFloor,
  raisedFloor,
  readTestFloor,
  writeTestFloor,
} from './test-floor.ts';

const counts = (passed: number, failed = 0, skipped = 0) => ({ passed, failed, skipped });

describe('test floor', () => {
  it('accepts whole counts for both runners', () => {
    expect(parseTestFloor({ unit: 10, e2e: 0 })).toEqual({ unit: 10, e2e: 0 });
  });

  it.each([
    [[], 'must be an object'],
    [{ unit: 10 }, '"e2e" must be a whole number'],
    [{ unit: -1, e2e: 1 }, '"unit" must be a whole number'],
    [{ unit: 1.5, e2e: 1 }, '"unit" must be a whole number'],
    [{ unit: '10', e2e: 1 }, '"unit" must be a whole number'],
    [{ unit: 1, e2e: 1, lint: 1 }, 'unknown field "lint"'],
  ])('refuses %j, naming the field', (value, message) => {
    expect(() => parseTestFloor(value)).toThrow(FloorFileError);
    expect(() => parseTestFloor(value)).toThrow(message);
  });

  it('refuses a missing or unreadable file with its name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'floor-'));
    expect(() => readTestFloor(join(dir, 'none.json'))).toThrow(/none\.json is missing/);
    writeFileSync(join(dir, 'bad.json'), '{ unit: 1 ');
    expect(() => readTestFloor(join(dir, 'bad.json'))).toThrow(/bad\.json is not valid JSON/);
  });

  it('counts failed tests as run but not skipped ones', () => {
    const floor = { unit: 10, e2e: 5 };
    expect(floorShortfalls({ unit: counts(8, 2), e2e: counts(5) }, floor)).toEqual([]);
    expect(floorShortfalls({ unit: counts(9, 0, 1), e2e: counts(5) }, floor)).toEqual([
      'unit: 9 tests ran, fewer than the floor of 10 in test-floor.json',
    ]);
  });

  it('names a runner that did not run at all (a failed build drops the e2e run)', () => {
    expect(floorShortfalls({ unit: counts(10) }, { unit: 10, e2e: 5 })).toEqual([
      'e2e: 0 tests ran, fewer than the floor of 5 in test-floor.json',
    ]);
  });

  it('raises to what passed and never lowers', () => {
    expect(raisedFloor({ unit: counts(12), e2e: counts(3) }, { unit: 10, e2e: 5 })).toEqual({
      unit: 12,
      e2e: 5,
    });
  });

  it('writes a file it reads back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'floor-')), 'test-floor.json');
    writeTestFloor(file, { unit: 3, e2e: 4 });
    expect(readTestFloor(file)).toEqual({ unit: 3, e2e: 4 });
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
  });
});

describe('a machine without a tool', () => {
  it('counts the tests skipped for this machine toward the floor, and names them in a shortfall', () => {
    const floor = { unit: 10, e2e: 5 };
    expect(floorShortfalls({ unit: { ...counts(8, 0, 2), excused: 2 }, e2e: counts(5) }, floor)).toEqual([]);
    expect(floorShortfalls({ unit: { ...counts(7, 0, 2), excused: 2 }, e2e: counts(5) }, floor)).toEqual([
      'unit: 9 tests ran (2 of them skipped on this machine), fewer than the floor of 10 in test-floor.json',
    ]);
  });

  it('raises the floor by the excused tests too, so a machine with the tool does not lower it', () => {
    expect(
      raisedFloor({ unit: { ...counts(11, 0, 1), excused: 1 }, e2e: counts(5) }, { unit: 10, e2e: 5 }),
    ).toEqual({ unit: 12, e2e: 5 });
  });
});
