/**
 * The release service's HTTP interface, shared by the service (release-service/) and its client, the
 * `pnpm release` and `pnpm rollback` commands (scripts/): one place for routes, headers and reply shapes, so
 * the two cannot drift. Browser-free and dependency-free.
 *
 * Every route but /health needs `Authorization: Bearer <key>`. A key is for one remote's folder or for `shell`;
 * the host's operator key (written by the service into the deploy folder) is for everything.
 */

/** What a key may change: one remote (by folder, e.g. mf-portfolio) or the shell. */
export type ReleaseScope = 'mf-marketing' | 'mf-portfolio' | 'mf-contact' | 'shell';
export const releaseScopes: readonly ReleaseScope[] = ['mf-marketing', 'mf-portfolio', 'mf-contact', 'shell'];

export const releaseRoutes = {
  /** GET: `{ ok, status }`, no key needed. */
  health: '/health',
  /**
   * POST a build as a gzipped tar (Content-Type application/gzip) of the build folder's contents (the files of
   * dist/ at the archive's root); query `canary=<1–99>`, `force=1`, and for a staged rollout `stages=5,25,100`
   * and `hold=10m` (the canary starts at the first stage). For the shell: the archive holds `dist/` and
   * `dist-server/`.
   */
  release: (scope: ReleaseScope) => `/v1/${scope}/releases`,
  /** POST, no body: the canary becomes the default. */
  promote: (scope: ReleaseScope) => `/v1/${scope}/promote`,
  /** POST, JSON `{ reason? }`. */
  abort: (scope: ReleaseScope) => `/v1/${scope}/abort`,
  /** POST, JSON `{ version?, force? }`: an earlier published version live again. */
  rollback: (scope: ReleaseScope) => `/v1/${scope}/rollback`,
  /**
   * POST, JSON `{ version?, canary?, stages?, hold? }`, on a host with a staging environment: the version of the
   * remote on staging (by default the one live there) made live in production as the same sealed build, for
   * everyone or as a canary (`canary` a whole percent; `stages` "5,25,100" and `hold` "10m").
   */
  promoteToProduction: (scope: ReleaseScope) => `/v1/${scope}/promote-to-production`,
  /** GET: the published versions, oldest first, and the live one (`pnpm rollback --list`). */
  versions: (scope: ReleaseScope) => `/v1/${scope}/versions`,
  /** GET, query `remote=<folder>` (optional): live versions, traffic, health, verdicts. */
  status: '/v1/status',
  /** POST: judge every canary now, aborting those clearly worse (`pnpm release watch --once`). */
  check: '/v1/check',
  /**
   * GET, query `remote=<folder or shell>`, `limit` and `uploads=1` (optional): the audit log, newest last; with
   * `uploads=1`, every upload (UploadAuditEntry), accepted or refused, among the changes.
   */
  log: '/v1/log',
  /**
   * POST, JSON `{ version, hours? }`: a preview link for a published version of the remote; or a build, uploaded
   * as to `release` (query `hours`, `force`), published without traffic, and its link. No visitor gets it; the
   * link is the output's last line.
   */
  preview: (scope: ReleaseScope) => `/v1/${scope}/previews`,
  /**
   * POST, JSON `{ link? }`: ends one preview link of the remote (the link, or its token, as printed), or without
   * `link` every link of the remote made until now. The remote's key or the operator's.
   */
  revokePreviews: (scope: ReleaseScope) => `/v1/${scope}/previews/revoke`,
} as const;

/**
 * Preview sessions (federation/preview-session.ts): no release key; the preview links or the session in the
 * JSON body are the grant. The site passes its `/__preview/session…` paths to these, for the page devtools.
 */
export const sessionRoutes = {
  /** POST `{ links: [<link or token>, …] }`: one session of those links' remotes and picks. */
  join: '/sessions',
  /** POST `{ session, remote, to }`, `to` `"live"`, `{ version }` or `{ dev }`: one remote switched. */
  switch: '/sessions/switch',
  /** POST `{ session }`: each remote of the session, its pick, live version, published versions and previews. */
  options: '/sessions/options',
} as const;

/** The SHA-256 of the uploaded archive, as RFC 9530 has it: `sha-256=:<base64>:`. A mismatch is refused. */
export const contentDigestHeader = 'content-digest';

/** One line of a command's output, in order: stdout (`out`) or stderr (`warn`). */
export interface OutputLine {
  stream: 'out' | 'warn';
  text: string;
}

/** A 2xx reply: what the command printed, for the CLI to print the same way. */
export interface CommandReply {
  output: OutputLine[];
}

/**
 * A 4xx or 5xx reply. `error` is a whole sentence for a person; `problem` a short stable code for scripts
 * (e.g. `unauthorized`, `forbidden`, `busy`, `too-large`, `not-an-archive`, `path-outside`, `no-manifest`,
 * `integrity`, `incompatible`, `usage`).
 */
export interface ErrorReply {
  error: string;
  problem: string;
}

/** One change in the audit log (`pnpm release log`). */
export interface AuditEntry {
  /** ISO time. */
  at: string;
  /** The key's name, `operator` (the host's own key), `automatic` (the canary check) or `start --publish`/`start`. */
  by: string;
  /** The client's address (`host` for a change made on the host itself). */
  from: string;
  /** mf-marketing, mf-portfolio, mf-contact or shell. */
  scope: ReleaseScope;
  /** `stage`: a staged rollout took the canary to its next share (by `automatic`; the reason names the stage). */
  action:
    | 'release'
    | 'canary'
    | 'stage'
    | 'promote'
    | 'abort'
    | 'rollback'
    | 'publish'
    | 'preview'
    /** Preview links ended: `version` the link's version (or `all`), `reason` which. */
    | 'revoke-preview';
  /** The version made live (or the canary's, for promote and abort). */
  version: string;
  /** The version live before, if any. */
  previous?: string;
  /** A canary's share of visitors, in percent. */
  traffic?: number;
  /** Why: --reason, a verdict, or the contract problems released anyway with --force. */
  reason?: string;
  /** Where `version` came from, as its upload said (release-source). */
  source?: ReleaseSource;
  /**
   * On a host with a staging environment (AGENCY_STAGING=on), the environment the change was made in; absent on a
   * host without one, where every change is production's.
   */
  env?: DeployEnvironment;
  /** A promotion: the environment the same build (`version`, checked by digest) was promoted from. */
  promotedFrom?: 'staging';
}

/** The environments of a host: production, and staging beside it when the operator turned it on. */
export type DeployEnvironment = 'staging' | 'production';

/**
 * One upload to the release service (a build sent to `releases`, or to `previews`), accepted or refused, in the
 * same audit log as the changes (`pnpm release log --uploads`). What it changed, if anything, has an AuditEntry
 * of its own.
 */
export interface UploadAuditEntry {
  /** ISO time, once it was answered. */
  at: string;
  /** The key's name; `no key` or `unknown key` (unknown or revoked) for a 401: never the key itself. */
  by: string;
  /** The client's address, as for an AuditEntry. */
  from: string;
  /** The remote (or shell) the build was sent for, as the request named it (`?` when it names none of ours). */
  scope: string;
  action: 'upload';
  /** The version the build would be published as, once it has arrived and been checked. */
  version?: string;
  /** `accepted` (2xx: the change went ahead), `refused` (4xx) or `failed` (5xx: the host's fault). */
  outcome: 'accepted' | 'refused' | 'failed';
  /** The reply's status. */
  status: number;
  /** A refusal's `problem` and its sentence (on one line, shortened). */
  problem?: string;
  reason?: string;
}

/**
 * A request the service refused that sent no upload (an upload's refusal is an UploadAuditEntry): today a team
 * key's rollback with `force`, which needs the operator's key (issue 41). In the same audit log, listed with the
 * uploads (`pnpm release log --uploads`); it changed nothing.
 */
export interface RefusalAuditEntry {
  at: string;
  /** The key's name. */
  by: string;
  from: string;
  scope: ReleaseScope;
  action: 'refused';
  /** What was asked: `rollback`. */
  request: string;
  status: number;
  problem: string;
  reason: string;
}

/**
 * Where a version came from (issue 41): the commit it was built from (`+dirty` when the working copy had changes
 * not committed), its branch or tag, and who released it (a CI login, or the git user's name). The client reads
 * them from the CI's environment or from git and sends them with the upload as the query parameters `commit`,
 * `ref` and `author`; the service refuses a value outside its grammar (400 naming the field) and stores them with
 * the version. Every field may be missing: a build released from a folder that is no git working copy.
 */
export interface ReleaseSource {
  commit?: string;
  ref?: string;
  author?: string;
}

export type ReleaseSourceField = keyof ReleaseSource;

/** Each field's grammar, and the words a refusal uses for it: plain, bounded, no control characters. */
export const releaseSourceGrammar: Record<ReleaseSourceField, { pattern: RegExp; words: string }> = {
  commit: {
    pattern: /^[0-9a-f]{7,64}(\+dirty)?$/,
    words: 'a git commit: 7 to 64 lowercase hex digits, and +dirty when the working copy had changes',
  },
  ref: {
    // A branch or tag name as git allows it, narrowed: no "..", no leading "-" or "/", at most 200 characters.
    pattern: /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9_][A-Za-z0-9._/+-]{0,199}$/,
    words: 'a branch or tag name: up to 200 letters, digits, ".", "_", "/", "+" and "-", no ".."',
  },
  author: {
    // "[" and "]" for GitHub's bots (dependabot[bot]).
    pattern: /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'_@+()[\]-]{0,99}$/u,
    words: "a name or CI login: up to 100 letters, digits, spaces and . , ' _ @ + ( ) [ ] -",
  },
};

export const releaseSourceFields: readonly ReleaseSourceField[] = ['commit', 'ref', 'author'];

/** The source on one line: `3f2a9c1d0b7e+dirty on main by Jane Doe` (a commit shortened to 12 digits). */
export function describeSource(source: ReleaseSource): string {
  const commit = source.commit?.replace(/^([0-9a-f]{12})[0-9a-f]*/, '$1');
  return [commit ?? 'no commit', source.ref && `on ${source.ref}`, source.author && `by ${source.author}`]
    .filter(Boolean)
    .join(' ');
}
