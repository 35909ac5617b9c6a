/**
 * The changes the release service runs (an `Operation`, each in the environment it names:
 * operation-environment.ts), and what one changed, told from what was live before and after it, as the entries
 * of the one audit log (build-config's AuditEntry). The service's operation.ts runs them; this says what they are
 * and what they did, so a promotion reads as the release (or canary) of its version in production.
 */
import type {
  AuditEntry,
  DeployEnvironment,
  ReleaseScope,
  ReleaseSource,
} from 'build-config/release-protocol';
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import {
  holdText,
  type PromotionRequest,
  type RolloutRequest,
  stagesText,
} from 'deploy-model/release-command';
import { UsageError } from 'platform-kit/cli';

/** An upload's version and where it came from (the release service's release-source.ts reads it). */
export interface UploadedSource {
  version: string;
  source: ReleaseSource;
}

export type RemoteScope = Exclude<ReleaseScope, 'shell'>;

export type Operation =
  | {
      kind: 'release';
      scope: ReleaseScope;
      buildDir: string;
      force: boolean;
      canary?: number;
      /** A canary's staged rollout (--stages, --hold). */
      rollout?: RolloutRequest;
      /** Where the uploaded build came from, recorded with its version (version-source). */
      source?: UploadedSource;
      /** On a host with staging: the release lands there (a promotion takes it on to production). */
      env?: DeployEnvironment;
    }
  /** A version on staging (by default its live one) made production's as the same build (promotion.ts). */
  | ({ kind: 'promote-to-production'; scope: ReleaseScope } & PromotionRequest)
  /** The next stage of the canary's staged rollout, judged healthy by the service at `at` (by `automatic`). */
  | { kind: 'stage'; scope: RemoteScope; version: string; at: string; reason: string }
  /** A preview link: of an uploaded build published without traffic, or of a published version. */
  | {
      kind: 'preview';
      scope: RemoteScope;
      buildDir?: string;
      version?: string;
      /** A loopback dev server's origin (pnpm dev <remote> --against): a link, nothing published. */
      dev?: string;
      force: boolean;
      hours?: string;
      source?: UploadedSource;
      /** On a host with staging: a preview of staging's (its versions, its shell, its origin). */
      env?: DeployEnvironment;
    }
  | { kind: 'promote'; scope: RemoteScope }
  /** With `version`: the canary check's abort of the canary it judged, and of no other. */
  | { kind: 'abort'; scope: RemoteScope; reason?: string; version?: string }
  /** On a host with staging: staging's by default, production's when asked (release-routes.ts). */
  | { kind: 'rollback'; scope: RemoteScope; version?: string; force: boolean; env?: DeployEnvironment }
  /** Judge every canary now, aborting those clearly worse. */
  | { kind: 'check' };

export const remoteOfScope = (scope: RemoteScope): RemoteName => {
  const name = remoteNames.find((remote) => remotes[remote].folder === scope);
  if (!name) throw new UsageError(`Unknown remote "${scope}".`);
  return name;
};

/** What is live, for telling what a change changed. */
export interface LiveState {
  shell: string | undefined;
  remotes: Record<RemoteName, { default?: string; canary?: { version: string; traffic: number } }>;
}

export function liveState(deploy: Deploy): LiveState {
  // Read as leniently as the release tooling reads it before sealing: the audit must not fail a change.
  const document = deploy.remoteMap({ integrity: 'optional' });
  const state = Object.fromEntries(
    remoteNames.map((name) => {
      const stable = defaultEntry(document, name);
      const canary = canaryEntry(document, name);
      return [
        name,
        {
          ...(stable ? { default: stable.metadata.version } : {}),
          ...(canary
            ? { canary: { version: canary.metadata.version, traffic: canary.deployment.traffic } }
            : {}),
        },
      ];
    }),
  ) as LiveState['remotes'];
  return { shell: deploy.liveShellVersion(), remotes: state };
}

export type Change = Omit<AuditEntry, 'at' | 'by' | 'from'>;

/** The reason the release log gave the remote's last event (an abort's --reason or verdict). */
const lastReason = (deploy: Deploy, scope: RemoteScope) => deploy.releaseEvents(scope).at(-1)?.reason;

/** Each change from `before` to `after` that the operation made, as the audit records it. */
export function changesOf(
  deploy: Deploy,
  operation: Operation,
  before: LiveState,
  after: LiveState,
  forced: string[],
): Change[] {
  const reason = forced.length > 0 ? { reason: `released despite: ${forced.join('; ')}` } : {};
  if (operation.kind === 'preview') return previewChange(operation, forced);
  // A promotion changes production as a release (or a canary) of its version would.
  const releasing = operation.kind === 'release' || operation.kind === 'promote-to-production';
  if (releasing && operation.scope === 'shell') {
    if (after.shell === undefined || after.shell === before.shell) return [];
    return [
      {
        scope: 'shell',
        action: 'release',
        version: after.shell,
        ...(before.shell ? { previous: before.shell } : {}),
        ...reason,
      },
    ];
  }
  const scopes =
    operation.kind === 'check'
      ? remoteNames.map((name) => remotes[name].folder)
      : [operation.scope as RemoteScope];
  return scopes.flatMap((scope): Change[] => {
    const name = remoteOfScope(scope);
    const was = before.remotes[name];
    const now = after.remotes[name];
    const previous = was.default ? { previous: was.default } : {};
    if (operation.kind === 'stage') return stageChanges(deploy, scope, was, now);
    if (releasing && operation.canary !== undefined) {
      if (!now.canary || now.canary.version === was.canary?.version) return [];
      const staged = operation.rollout
        ? `staged rollout ${stagesText(operation.rollout.stages)}, one stage every ${holdText(operation.rollout.holdSeconds)}`
        : undefined;
      const why = [staged, reason.reason].filter(Boolean).join('; ');
      return [
        {
          scope,
          action: 'canary',
          version: now.canary.version,
          ...previous,
          traffic: now.canary.traffic,
          ...(why ? { reason: why } : {}),
        },
      ];
    }
    if (releasing || operation.kind === 'rollback') {
      if (!now.default || (now.default === was.default && !was.canary)) return [];
      const action = operation.kind === 'rollback' ? 'rollback' : 'release';
      return [{ scope, action, version: now.default, ...previous, ...reason }];
    }
    // promote, abort and the check: the canary that was live is gone.
    if (!was.canary || now.canary?.version === was.canary.version) return [];
    const promoted = now.default === was.canary.version;
    const why = promoted ? undefined : lastReason(deploy, scope);
    return [
      {
        scope,
        action: promoted ? 'promote' : 'abort',
        version: was.canary.version,
        ...previous,
        traffic: was.canary.traffic,
        ...(why ? { reason: why } : {}),
      },
    ];
  });
}

type Live = LiveState['remotes'][RemoteName];

/** A stage: the canary's new share, or its promote at the last stage; the reason the release log gave it. */
function stageChanges(deploy: Deploy, scope: RemoteScope, was: Live, now: Live): Change[] {
  if (!was.canary) return [];
  const why = lastReason(deploy, scope);
  const common = { scope, version: was.canary.version, ...(was.default ? { previous: was.default } : {}) };
  if (now.default === was.canary.version && !now.canary)
    return [{ ...common, action: 'promote', traffic: was.canary.traffic, ...(why ? { reason: why } : {}) }];
  if (now.canary?.version !== was.canary.version || now.canary.traffic === was.canary.traffic) return [];
  return [{ ...common, action: 'stage', traffic: now.canary.traffic, ...(why ? { reason: why } : {}) }];
}

/** A preview changes nothing live: its entry says which version a link was made for. */
function previewChange(operation: Extract<Operation, { kind: 'preview' }>, forced: string[]): Change[] {
  const { version, dev } = operation;
  if (!version && !dev) return [];
  return [
    {
      scope: operation.scope,
      action: 'preview',
      version: version ?? 'dev',
      ...(dev ? { reason: `its dev server at ${dev}` } : {}),
      ...(forced.length > 0 ? { reason: `published despite: ${forced.join('; ')}` } : {}),
    },
  ];
}
