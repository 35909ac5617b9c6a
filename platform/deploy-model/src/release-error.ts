/**
 * A release, rollback or other change that was refused: the message says why and what to do, and the refusal is
 * a value made where it happens (issue 43): its `problem` (what the release service answers as `problem`) and so
 * its HTTP status. Nothing reads the status or the problem back from the message's words.
 */

/** Each kind of refusal and the status the release service answers it with. */
export const refusalStatus = {
  /** What is live now refuses it: a canary already live, none to promote, nothing earlier, already live. */
  conflict: 409,
  /** The build (or a live remote, for a shell) fails the contract check against the shell. */
  incompatible: 422,
  /** An expose of the build threw while rendering (the release gates). */
  'render-failed': 422,
  /** Its pages would show a fallback once live (a rollback or promote: changes/live-check.ts). */
  'would-break': 422,
  /** A version the deploy has not published. */
  'unknown-version': 404,
  /** The upload or folder holds no build of what it names. */
  'no-manifest': 400,
} as const;

export type RefusalProblem = keyof typeof refusalStatus;

/** Whether a reply's `problem` names one of these refusals. */
export const isRefusalProblem = (value: unknown): value is RefusalProblem =>
  typeof value === 'string' && Object.hasOwn(refusalStatus, value);

export class ReleaseError extends Error {
  override name = 'ReleaseError';
  readonly problem: RefusalProblem;

  constructor(message: string, problem: RefusalProblem = 'conflict') {
    super(message);
    this.problem = problem;
  }

  get status(): number {
    return refusalStatus[this.problem];
  }
}
