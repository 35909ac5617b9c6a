/**
 * Errors the page tells apart while it starts, kept apart from the code that raises them: that code (the
 * compatibility check, with the runtime's semver) is part of the federation host, fetched only when a section
 * first needs a remote's code.
 */

/** A remote whose manifest the shell cannot run: permanent for that release, so never retried. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}
