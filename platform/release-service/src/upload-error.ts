/** Why an uploaded build was refused: the HTTP status, the reply's `problem` (release-protocol.ts) and a sentence. */
export class UploadError extends Error {
  constructor(
    readonly status: 400 | 408 | 413 | 415,
    readonly problem: UploadProblem,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadProblem =
  | 'unsupported-media-type'
  | 'too-large'
  | 'too-many-files'
  | 'not-an-archive'
  | 'path-outside'
  | 'not-a-file'
  | 'duplicate-path'
  | 'no-manifest'
  | 'bad-manifest'
  | 'bad-version'
  | 'wrong-remote'
  | 'integrity'
  /** 408: the body did not arrive in time (upload-limits.ts: bodyGraceMs, minBytesPerSecond). */
  | 'timeout';
