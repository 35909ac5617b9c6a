/**
 * Errors the page tells apart while it starts (fallback reasons, health beacons), kept apart from the code that
 * raises them: that code (the compatibility and integrity checks, the retries) is part of the federation host,
 * fetched only when a section first needs a remote's code.
 */

/** A remote whose manifest the shell cannot run: permanent for that release, so never retried. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}

/** A remote's files differ from its release (integrity-plugin.ts): refused for good on this page. */
export class IntegrityError extends Error {
  override name = 'IntegrityError';
}

/** A failure that loading again cannot fix (no entry in the map, no component behind the expose). */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** An attempt that did not finish within retryPolicy.attemptTimeoutMs. */
export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}
