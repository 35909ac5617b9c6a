import { IncompatibleRemoteError, IntegrityError } from './load-errors.ts';
import { isLoadFailure, RemoteLoadError } from './remote-registry.ts';

/**
 * Why a section shows its fallback, which decides what it tells the visitor: `network` when its code could not be
 * fetched (unreachable, too slow, cut off: the visitor's connection may be why), `load` when it was fetched but
 * refused or is missing (incompatible with this shell, altered, no such expose: a problem on the site's side),
 * `render` when it threw while showing (a bug).
 */
export type FallbackReason = 'network' | 'load' | 'render';

/** The reason for a load that failed (after its retries). */
export const loadFallbackReason = (error: unknown): FallbackReason =>
  error instanceof IncompatibleRemoteError ||
  error instanceof IntegrityError ||
  error instanceof RemoteLoadError
    ? 'load'
    : 'network';

/** The reason for an error a slot's error boundary caught: the remote's own loading while rendering, or a throw. */
export const caughtFallbackReason = (error: unknown): FallbackReason =>
  isLoadFailure(error) ? loadFallbackReason(error) : 'render';
