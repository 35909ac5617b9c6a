/** A release or rollback that was refused; the message says why and what to do. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}
