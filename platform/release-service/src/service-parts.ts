/**
 * What every part of the release service shares: the deploy it changes, its settings read once, the gate that
 * runs one change at a time, how a change runs and where lines are logged; and the small rules of its routes
 * (a scope, a remote-only scope). Made once by server.ts and handed to each file of routes.
 */
import type { ReleaseScope } from 'build-config/release-protocol';
import { releaseScopes } from 'build-config/release-protocol';
import type { Deploy } from 'deploy-folder/deploy';
import type { Context, Hono } from 'hono';
import { UsageError } from 'platform-kit/cli';
import type { ChangeGate } from './busy.ts';
import { problemReply } from './http.ts';
import type { KeyHolder } from './keys.ts';
import type { OperationRequest, OperationResult, RemoteScope } from './operation.ts';
import type { ServiceSettings } from './service-settings.ts';
import type { uploadLimits } from './upload.ts';

export interface ServiceLog {
  info(line: string): void;
  error(line: string): void;
}

export type Variables = { holder: KeyHolder };
export type ServiceContext = Context<{ Variables: Variables }>;
export type ServiceApp = Hono<{ Variables: Variables }>;

export interface ServiceParts {
  deploy: Deploy;
  /** The service's settings, parsed once by the process that started it (service-settings.ts). */
  settings: ServiceSettings;
  /** AGENCY_STAGING=on: a release lands on staging, and a promotion takes it on to production. */
  staging: boolean;
  gate: ChangeGate;
  /** Where uploads are unpacked while they are checked and published. */
  tempRoot: string;
  /** How many proxies in front are trusted to name the client (X-Forwarded-For). */
  hops: number;
  limits: ReturnType<typeof uploadLimits>;
  runOperation: (request: OperationRequest) => Promise<OperationResult>;
  /** Every line escaped (log-line.ts); absent when the caller logs nothing. */
  log: ServiceLog | undefined;
  logError: (line: string) => void;
}

/** The canary check's claim: no scope of its own, but one check at a time. */
export const checkClaim = 'canary check';

export const isScope = (raw: string): raw is ReleaseScope => releaseScopes.includes(raw as ReleaseScope);

export function remoteOnly(scope: ReleaseScope, what: string): RemoteScope {
  if (scope === 'shell')
    throw new UsageError(`The shell has no ${what}: it is released as a whole, for everyone.`);
  return scope;
}

/** The reply to a path naming no scope the service knows (404). */
export const unknownScope = (c: ServiceContext, scope: string) =>
  problemReply(c, 404, 'unknown-scope', `Unknown remote "${scope}": one of ${releaseScopes.join(', ')}.`);
