/**
 * The test floor: how many unit and e2e tests must at least run in `npm test`. A suite can shrink without a
 * single red test (a focused test left in, a spec file that no longer matches, a skip that spreads, a build
 * that fails before the e2e run); the floor turns each of those into a named failure. It is committed in
 * test-floor.json and raised with `npm test -- --raise-floor` after a green run that ran more tests.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const runnerNames = ['unit', 'e2e'] as const;
export type RunnerName = (typeof runnerNames)[number];
export type TestFloor = Record<RunnerName, number>;

/** What one test runner reported: tests that ran (passed or failed) and tests it skipped. */
export interface RunnerCounts {
  passed: number;
  failed: number;
  skipped: number;
  /**
   * Of the skipped, those skipped for a condition of this machine that the test says (conditional-skips.ts): a
   * tool apt could not install here, another platform. They count toward the floor, so the floor, the same on
   * every machine, never turns a machine's skip into a failure; the summary names each of them instead.
   */
  excused?: number;
}

/** The tests a runner counts toward its floor: those that ran, and those skipped for this machine. */
const countedTowardFloor = (counts: RunnerCounts) => counts.passed + counts.failed + (counts.excused ?? 0);

export class FloorFileError extends Error {
  override name = 'FloorFileError';
}

/** Reads and checks the floor file; a missing or malformed file is refused with a message naming the problem. */
export function readTestFloor(file: string): TestFloor {
  if (!existsSync(file)) throw new FloorFileError(`${file} is missing: it holds the minimum test counts.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FloorFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseTestFloor(parsed, file);
}

export function parseTestFloor(value: unknown, file = 'test-floor.json'): TestFloor {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FloorFileError(`${file} must be an object such as {"unit": 500, "e2e": 300}.`);
  }
  const record = value as Record<string, unknown>;
  const unknownKey = Object.keys(record).find((key) => !(runnerNames as readonly string[]).includes(key));
  if (unknownKey !== undefined) {
    throw new FloorFileError(
      `${file} has an unknown field "${unknownKey}"; it takes ${runnerNames.join(' and ')}.`,
    );
  }
  const floor = {} as TestFloor;
  for (const name of runnerNames) {
    const count = record[name];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
      throw new FloorFileError(`${file}: "${name}" must be a whole number of tests (0 or more).`);
    }
    floor[name] = count;
  }
  return floor;
}

/** The runners that ran fewer tests than the floor, each as a sentence for the summary. */
export function floorShortfalls(ran: Partial<Record<RunnerName, RunnerCounts>>, floor: TestFloor): string[] {
  return runnerNames.flatMap((name) => {
    const counts = ran[name];
    const count = counts ? countedTowardFloor(counts) : 0;
    if (count >= floor[name]) return [];
    const excused = counts?.excused ? ` (${counts.excused} of them skipped on this machine)` : '';
    return [
      `${name}: ${count} tests ran${excused}, fewer than the floor of ${floor[name]} in test-floor.json`,
    ];
  });
}

/** The floor after a green run: each count rises to what ran, never falls. */
export function raisedFloor(ran: Record<RunnerName, RunnerCounts>, floor: TestFloor): TestFloor {
  const raised = { ...floor };
  for (const name of runnerNames)
    raised[name] = Math.max(floor[name], ran[name].passed + (ran[name].excused ?? 0));
  return raised;
}

export function writeTestFloor(file: string, floor: TestFloor) {
  writeFileSync(file, `${JSON.stringify(floor, null, 2)}\n`);
}
