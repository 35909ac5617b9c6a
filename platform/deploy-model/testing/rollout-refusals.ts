/**
 * The refused values of a staged rollout's flags, with what each refusal must say: one table for every reader of
 * them (the command line, platform/cli/src/release-args.test.ts; the service's query, platform/releases'
 * rollout-plan.test.ts), so a new rule is added once and each reader is held to it.
 */
import { UsageError } from 'platform-kit/cli';
import { expect } from 'vitest';

/** `--stages` values, each with the words its refusal holds. */
export const refusedStages: ReadonlyArray<readonly [string, RegExp]> = [
  ['5,3,100', /3 does not come after 5/],
  ['5,5,100', /5 does not come after 5/],
  ['0,50,100', /0 is not from 1 to 100/],
  ['5,50,101', /101 is not from 1 to 100/],
  ['100', /at least two stages/],
  ['5', /at least two stages/],
  ['5,,100', /each stage is a whole number/],
  ['5,12.5,100', /each stage is a whole number/],
  ['-5,100', /each stage is a whole number/],
  ['', /each stage is a whole number/],
  ['1,2,3,4,5,6,7,8,9,10,11', /at most 10 stages/],
];

/** `--hold` values, all refused with the same words (refusedHoldWords). */
export const refusedHolds: readonly string[] = [
  '10',
  '10 m',
  '1.5h',
  '10min',
  '4s',
  '25h',
  '0m',
  'soon',
  '-1m',
  '1d',
];
export const refusedHoldWords = /--hold .* from 5s to 24h; got/;

/** The message of the usage error `run` throws; fails the test when it throws none or another error. */
export function refused(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}
