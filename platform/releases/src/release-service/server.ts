/**
 * The release service: how a team releases its remote from its own pipeline with a key for that remote alone,
 * and how the host's own `pnpm release` and `pnpm rollback` reach the deploy folder. Routes, headers and replies
 * are build-config/release-protocol.ts; what each change does is the library the host's commands always ran
 * (operation.ts), one change at a time (busy.ts), each recorded in the audit log (audit.ts).
 */

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CommandReply,
  contentDigestHeader,
  type OutputLine,
  type ReleaseScope,
  releaseRoutes,
  releaseScopes,
} from 'build-config/release-protocol';
import { remoteNames, remotes } from 'build-config/topology';
import { describeAuditEntry, readAuditWithUploads } from 'deploy-folder/audit';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { canaryPercent, parseRollout } from 'deploy-model/release-command';
import { versionGrammar, versionPattern } from 'deploy-model/version';
import { createNodeServer } from 'enquiry-api/node-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UsageError } from 'platform-kit/cli';
import { releaseServiceAddress } from 'platform-kit/release-service-address';
import { processEnvironment } from 'platform-kit/settings/read';
import { canarySyntheticOff } from 'platform-kit/settings/release-service';
import { trustedProxyHops } from 'site-hosting/static-host/proxy';
import type { CanaryCheck } from '../canary/check.ts';
import { runReleaseCommand } from '../canary/release-command.ts';
import { syntheticCheck } from '../canary/synthetic.ts';
import { type CanaryWatcher, canaryWatchSettings, watchCanaries } from '../canary/watcher.ts';
import { listVersions } from '../changes/release.ts';
import { listRollbackVersions } from '../changes/rollback-command.ts';
import { ChangeGate, ChangeYielded } from './busy.ts';
import {
  booleanQuery,
  clientAddress,
  hostFailure,
  jsonBody,
  optionalString,
  problemReply,
  refusedBeforeChange,
  unexpectedQuery,
} from './http.ts';
import { authenticate, ensureOperatorKey, type KeyHolder, mayChange } from './keys.ts';
import { escapedLog } from './log-line.ts';
import {
  type Operation,
  type OperationRequest,
  type OperationResult,
  type RemoteScope,
  runOperationInChild,
} from './operation.ts';
import { recordForceRefusal, refuseTeamForce, withForceAdvice } from './operator-force.ts';
import { previewOperation } from './preview-requests.ts';
import { revokePreviews } from './preview-revoke.ts';
import { sourceQuery, uploadedSource } from './release-source.ts';
import { rolloutAdvancer } from './rollout-advancer.ts';
import { receiveBuildUpload, uploadLimits } from './upload.ts';
import { noteUploadVersion, recordUploads } from './upload-audit.ts';

export interface ServiceLog {
  info(line: string): void;
  error(line: string): void;
}

export interface ReleaseServiceOptions {
  /** The deploy it changes; one Deploy for the service's life (its map is read again when a change replaced it). */
  deploy: DeployRef;
  /** The environment of the changes (ports, CDN origin, canary rules, the enquiry API's address). */
  env?: NodeJS.ProcessEnv;
  log?: ServiceLog;
  /** Where uploads are unpacked while they are checked and published. */
  tempRoot?: string;
  gate?: ChangeGate;
  /** How a change runs; the default is a child process per change (operation.ts). */
  runOperation?: (request: OperationRequest) => Promise<OperationResult>;
}

type Variables = { holder: KeyHolder };
type ServiceContext = Context<{ Variables: Variables }>;

/** The canary check's claim: no scope of its own, but one check at a time. */
const checkClaim = 'canary check';

const isScope = (raw: string): raw is ReleaseScope => releaseScopes.includes(raw as ReleaseScope);

function remoteOnly(scope: ReleaseScope, what: string): RemoteScope {
  if (scope === 'shell')
    throw new UsageError(`The shell has no ${what}: it is released as a whole, for everyone.`);
  return scope;
}

export function createReleaseService(options: ReleaseServiceOptions): Hono<{ Variables: Variables }> {
  const deploy = openDeploy(options.deploy);
  const env = options.env ?? processEnvironment();
  const gate = options.gate ?? new ChangeGate();
  const tempRoot = options.tempRoot ?? join(tmpdir(), 'release-service-uploads');
  const hops = trustedProxyHops(env);
  const limits = uploadLimits(env);
  const runOperation = options.runOperation ?? ((request) => runOperationInChild(request, env));
  // Every line escaped: a path or a forwarded address a client sent cannot start a line of its own.
  const log = options.log && escapedLog(options.log);
  const app = new Hono<{ Variables: Variables }>();

  // The client's address is read as the request arrives, while its socket is surely open.
  app.use('*', async (c, next) => {
    clientAddress(c, hops);
    await next();
  });

  const logError = (line: string) => log?.error(line);
  app.onError((error, c) => hostFailure(c, error.message, logError));
  app.notFound((c) => problemReply(c, 404, 'not-found', `No such route: ${c.req.method} ${c.req.path}.`));

  // No key needed, so it says no more than whether a change is under way (not whose, nor of what).
  app.get(releaseRoutes.health, (c) => c.json({ ok: true, status: gate.busy ? 'busy' : 'idle' }));

  // A refused change is logged with who and from where: an operator looking at the log at 3 a.m. sees a team's
  // pipeline failing, or someone trying keys, without asking anyone.
  app.use('/v1/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status >= 400) {
      const by = c.get('holder')?.name ?? 'no valid key';
      log?.error(
        `Release service: ${c.req.method} ${c.req.path} by ${by} from ${clientAddress(c, hops)} refused (${c.res.status})`,
      );
    }
  });

  // Every upload, accepted or refused (a 401 too), in the audit log.
  app.use(
    '/v1/*',
    recordUploads({ deploy: deploy.path, from: (c) => clientAddress(c, hops), log: logError }),
  );

  app.use('/v1/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const holder = authenticate(deploy.path, c.req.header('authorization'));
    if (!holder) {
      c.header('WWW-Authenticate', 'Bearer realm="release"');
      return problemReply(
        c,
        401,
        'unauthorized',
        'This needs a valid release key (Authorization: Bearer <key>); the key given is missing, unknown or revoked. Nothing changed.',
      );
    }
    c.set('holder', holder);
    await next();
  });

  // A parameter a route does not take is refused, not ignored: `?canry=10` must not release to everyone.
  app.use('/v1/*', async (c, next) => {
    const refusal = unexpectedQuery(c);
    if (refusal) return problemReply(c, 400, 'usage', refusal);
    await next();
  });

  /**
   * A change of one scope: refused unless the key may make it (403); then `prepare` reads the request (an upload,
   * a JSON body), and only then is the scope claimed (409 if another change holds it) and the change run in turn.
   * Async, so that every route's handler returns one type, a promise of a reply: TypeScript 7 refuses a handler
   * returning a reply or a promise of one, which Hono's types cannot name.
   */
  async function change(
    c: ServiceContext,
    rawScope: string,
    what: string,
    prepare: (scope: ReleaseScope) => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response> {
    if (!isScope(rawScope))
      return problemReply(
        c,
        404,
        'unknown-scope',
        `Unknown remote "${rawScope}": one of ${releaseScopes.join(', ')}.`,
      );
    const scope = rawScope;
    const holder = c.get('holder');
    if (!mayChange(holder, scope)) {
      return problemReply(
        c,
        403,
        'forbidden',
        `The key "${holder.name}" is for ${holder.scope}; it cannot change ${scope}. Nothing changed.`,
      );
    }
    return runChange(c, scope, what, () => prepare(scope));
  }

  /**
   * Prepares the change, then claims `claimKey`, runs it in turn and answers with its outcome. The request is read
   * to its end (an upload streamed to scratch under a deadline, then checked) before anything is claimed: a slow
   * or stalled client holds no lock. A rollback or an abort goes ahead of a change of its scope still waiting.
   */
  async function runChange(
    c: ServiceContext,
    claimKey: string,
    what: string,
    prepare: () => Promise<{ operation: Operation; cleanup?: () => void }>,
  ): Promise<Response> {
    const holder = c.get('holder');
    let prepared: { operation: Operation; cleanup?: () => void };
    try {
      prepared = await prepare();
    } catch (error) {
      return refusedBeforeChange(c, error, logError);
    }
    try {
      return await claimAndRun(c, claimKey, what, holder, prepared.operation);
    } finally {
      prepared.cleanup?.();
    }
  }

  async function claimAndRun(
    c: ServiceContext,
    claimKey: string,
    what: string,
    holder: KeyHolder,
    operation: Operation,
  ) {
    const ahead = what === 'rollback' || what === 'abort';
    const claim = gate.claim(claimKey, holder.name, what, new Date(), { ahead });
    if ('busy' in claim) {
      const { by, what: doing, since } = claim.busy;
      const subject = claimKey === checkClaim ? 'The canary check' : claimKey;
      return problemReply(
        c,
        409,
        'busy',
        `${subject} is busy: a ${doing} by ${by}, started at ${since.toISOString()}, is still running. Nothing changed; try again once it is done.`,
      );
    }
    try {
      const request = { deploy: deploy.path, operation, by: holder.name, from: clientAddress(c, hops) };
      let result: OperationResult;
      try {
        result = await claim.run(() => runOperation(request));
      } catch (error) {
        if (!(error instanceof ChangeYielded)) throw error;
        const { by, what: doing, since } = error.to;
        return problemReply(
          c,
          409,
          'busy',
          `This ${what} of ${claimKey} yielded to the ${doing} by ${by}, started at ${since.toISOString()}, before it ran: a rollback or an abort goes first. Nothing changed; send it again once that is done if it should still go out.`,
        );
      }
      if (!result.ok)
        return result.status === 500
          ? hostFailure(c, result.error, logError, result.output)
          : problemReply(
              c,
              result.status,
              result.problem,
              withForceAdvice(holder, result.problem, result.error),
              result.output,
            );
      for (const entry of result.audit) log?.info(`Release service: ${describeAuditEntry(entry)}`);
      return c.json({ output: result.output, audit: result.audit });
    } finally {
      claim.release();
    }
  }

  app.post('/v1/:scope/releases', (c) =>
    change(c, c.req.param('scope'), 'release', async (scope) => {
      const canaryQuery = c.req.query('canary');
      const rollout = parseRollout({
        stages: c.req.query('stages'),
        hold: c.req.query('hold'),
        canary: canaryQuery,
      });
      const first = rollout?.stages[0];
      const canary =
        first !== undefined
          ? canaryPercent(String(first))
          : canaryQuery === undefined
            ? undefined
            : canaryPercent(canaryQuery);
      if (scope === 'shell' && canary !== undefined)
        throw new UsageError('The shell has no canary: release it for everyone, without canary.');
      const force = booleanQuery(c.req.query('force'), 'force');
      // Before the upload is read: a team key's --force is refused whatever the build holds.
      const share = rollout
        ? ` --stages ${rollout.stages.join(',')} --hold ${rollout.holdSeconds}s`
        : canary === undefined
          ? ''
          : ` --canary ${canary}`;
      refuseTeamForce(
        c.get('holder'),
        force,
        'Releasing',
        `npx pnpm release ${scope}${share} --build-dir <this build> --force`,
      );
      const source = sourceQuery(c);
      const body = c.req.raw.body ?? Readable.from([]);
      const received = await receiveBuildUpload(body, {
        contentLength: c.req.header('content-length') ?? null,
        contentDigest: c.req.header(contentDigestHeader) ?? null,
        contentType: c.req.header('content-type') ?? null,
        scope,
        tempRoot,
        limits,
      });
      noteUploadVersion(c, received.version);
      return {
        operation: {
          kind: 'release',
          scope,
          buildDir: received.dir,
          force,
          ...(canary === undefined ? {} : { canary }),
          ...(rollout ? { rollout } : {}),
          ...uploadedSource(received.version, source),
        },
        cleanup: received.cleanup,
      };
    }),
  );

  const smallBody = bodyLimit({
    maxSize: 16 * 1024,
    onError: (c) => problemReply(c, 413, 'too-large', 'The request body is over 16 kB. Nothing changed.'),
  });

  app.post('/v1/:scope/promote', (c) =>
    change(c, c.req.param('scope'), 'promote', async (scope) => ({
      operation: { kind: 'promote', scope: remoteOnly(scope, 'canary') },
    })),
  );

  app.post('/v1/:scope/abort', smallBody, (c) =>
    change(c, c.req.param('scope'), 'abort', async (scope) => {
      const remote = remoteOnly(scope, 'canary');
      const reason = optionalString(
        await jsonBody(c, ['reason']),
        'reason',
        // One line without control characters: pnpm release log and the status print it as it is.
        /^[^\p{Cc}]{0,500}$/u,
        'one line of at most 500 characters, without control characters',
      );
      return { operation: { kind: 'abort', scope: remote, ...(reason ? { reason } : {}) } };
    }),
  );

  app.post('/v1/:scope/rollback', smallBody, (c) =>
    change(c, c.req.param('scope'), 'rollback', async (scope) => {
      const remote = remoteOnly(scope, 'rollback');
      const body = await jsonBody(c, ['version', 'force']);
      const version = optionalString(
        body,
        'version',
        versionPattern,
        `a published version (${versionGrammar})`,
      );
      if (body.force !== undefined && typeof body.force !== 'boolean')
        throw new UsageError('"force" must be true or false.');
      const holder = c.get('holder');
      refuseTeamForce(
        holder,
        body.force === true,
        'Rolling back',
        `npx pnpm rollback ${remote}${version ? ` ${version}` : ''} --force`,
        (reason) =>
          recordForceRefusal(deploy.path, {
            by: holder.name,
            from: clientAddress(c, hops),
            scope: remote,
            request: 'rollback',
            reason,
          }),
      );
      return {
        operation: {
          kind: 'rollback',
          scope: remote,
          force: body.force === true,
          ...(version ? { version } : {}),
        },
      };
    }),
  );

  // A build to publish without traffic (an upload, as to releases) or a published version (JSON): a link.
  app.post('/v1/:scope/previews', (c) =>
    change(c, c.req.param('scope'), 'preview', (scope) =>
      previewOperation(c, remoteOnly(scope, 'preview'), { tempRoot, limits }),
    ),
  );

  // Ends one preview link of the remote, or all of them: a small file both hosts read, so no change runs.
  app.post('/v1/:scope/previews/revoke', smallBody, async (c) => {
    const scope = c.req.param('scope');
    if (!isScope(scope))
      return problemReply(
        c,
        404,
        'unknown-scope',
        `Unknown remote "${scope}": one of ${releaseScopes.join(', ')}.`,
      );
    const holder = c.get('holder');
    if (!mayChange(holder, scope))
      return problemReply(
        c,
        403,
        'forbidden',
        `The key "${holder.name}" is for ${holder.scope}; it cannot revoke ${scope}'s links. Nothing changed.`,
      );
    try {
      const body = await jsonBody(c, ['link']);
      const link = optionalString(body, 'link', /^\S{1,4096}$/, 'a preview link as printed, or its token');
      const done = revokePreviews(deploy, remoteOnly(scope, 'preview'), link, {
        by: holder.name,
        from: clientAddress(c, hops),
      });
      for (const entry of done.audit) log?.info(`Release service: ${describeAuditEntry(entry)}`);
      return c.json(done);
    } catch (error) {
      return refusedBeforeChange(c, error, logError);
    }
  });

  app.post(releaseRoutes.check, async (c) => {
    const holder = c.get('holder');
    if (holder.scope !== 'all')
      return problemReply(
        c,
        403,
        'forbidden',
        `Only the operator key judges every canary; "${holder.name}" is for ${holder.scope}.`,
      );
    // Claimed under a name of its own: it may abort any remote's canary, and runs in turn like every change.
    return runChange(c, checkClaim, 'check', async () => ({ operation: { kind: 'check' } }));
  });

  app.get('/v1/:scope/versions', (c) => {
    const scope = c.req.param('scope');
    if (!isScope(scope))
      return problemReply(
        c,
        404,
        'unknown-scope',
        `Unknown remote "${scope}": one of ${releaseScopes.join(', ')}.`,
      );
    if (scope === 'shell')
      return problemReply(c, 400, 'usage', 'The shell has no rollback, so no list of versions.');
    const name = remoteNames.find((remote) => remotes[remote].folder === scope);
    if (!name) return problemReply(c, 404, 'unknown-scope', `Unknown remote "${scope}".`);
    const output: OutputLine[] = [];
    listRollbackVersions(name, { deploy, out: (text) => output.push({ stream: 'out', text }) });
    return c.json({ output, ...listVersions(deploy, name) });
  });

  app.get(releaseRoutes.status, async (c) => {
    const remote = c.req.query('remote');
    const name =
      remote === undefined
        ? undefined
        : remoteNames.find((known) => known === remote || remotes[known].folder === remote);
    if (remote !== undefined && !name)
      return problemReply(
        c,
        400,
        'usage',
        `Unknown remote "${remote}": one of ${remoteNames.map((known) => remotes[known].folder).join(', ')}.`,
      );
    const output: OutputLine[] = [];
    await runReleaseCommand(
      { kind: 'status', names: name ? [name] : remoteNames },
      {
        deploy,
        env,
        build() {
          throw new Error('The status builds nothing.');
        },
        out: (text) => output.push({ stream: 'out', text }),
        warn: (text) => output.push({ stream: 'warn', text }),
      },
    );
    return c.json({ output } satisfies CommandReply);
  });

  app.get(releaseRoutes.log, (c) => {
    const remote = c.req.query('remote');
    if (remote !== undefined && !isScope(remote))
      return problemReply(c, 400, 'usage', `Unknown remote "${remote}": one of ${releaseScopes.join(', ')}.`);
    const rawLimit = c.req.query('limit');
    const limit = rawLimit === undefined ? undefined : Number(rawLimit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100_000))
      return problemReply(c, 400, 'usage', `limit is a whole number from 1, got "${rawLimit}".`);
    const query = { ...(remote ? { scope: remote } : {}), ...(limit ? { limit } : {}) };
    const entries = booleanQuery(c.req.query('uploads'), 'uploads')
      ? readAuditWithUploads(deploy.path, query)
      : deploy.readAudit(query);
    const output: OutputLine[] =
      entries.length === 0
        ? [
            {
              stream: 'out',
              text: `Nothing was released${remote ? ` of ${remote}` : ''} through the release service yet.`,
            },
          ]
        : entries.map((entry) => ({ stream: 'out', text: describeAuditEntry(entry) }));
    return c.json({ output, entries });
  });

  return app;
}

export interface StartOptions extends Omit<ReleaseServiceOptions, 'gate' | 'tempRoot'> {
  /** Default: AGENCY_RELEASE_HOST, else 127.0.0.1 (loopback only). */
  host?: string;
  /** Default: AGENCY_RELEASE_PORT, else AGENCY_PORT_BASE + 11; 0 takes any free port. */
  port?: number;
  /**
   * Run the canary check on its timer (default true). A service started for one command of the host's CLI
   * leaves it to the site's own service.
   */
  watch?: boolean;
  /** The clock staged rollouts are due by (default the system's; a test moves it forward). */
  now?: () => Date;
}

/** How long a stop waits for the replies in flight once no change is under way. */
const replyGraceMs = 5000;

export interface RunningReleaseService {
  url: string;
  /** Stops taking requests, lets the changes in flight finish, and stops the canary check. */
  stop(): Promise<void>;
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

/**
 * The service on its port with the canary check running inside it: a canary judged clearly worse is aborted
 * through the same queue as every change, by `automatic`. Creates the operator key if the deploy has none.
 */
export async function startReleaseService(options: StartOptions): Promise<RunningReleaseService> {
  const deploy = openDeploy(options.deploy);
  const env = options.env ?? processEnvironment();
  const log = escapedLog(options.log ?? { info: console.log, error: console.error });
  const address = releaseServiceAddress(env);
  const host = options.host ?? address.host;
  const port = options.port ?? address.port;
  const settings = canaryWatchSettings(env);
  ensureOperatorKey(deploy.path);
  const tempRoot = mkdtempSync(join(tmpdir(), 'release-service-'));
  mkdirSync(tempRoot, { recursive: true });
  const gate = new ChangeGate();
  const runOperation =
    options.runOperation ?? ((request: OperationRequest) => runOperationInChild(request, env));
  const app = createReleaseService({ ...options, deploy, env, log, gate, tempRoot, runOperation });

  const server: Server = createNodeServer(app.fetch, {
    hostname: host,
    maxBodyBytes: uploadLimits(env).maxBytes,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `The release service's port ${port} is in use: stop the other one or set AGENCY_RELEASE_PORT`,
            )
          : error,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const url = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;

  let stopping = false;
  /** The remotes whose automatic abort is on its way (waiting for its turn, or running). */
  const abortsUnderWay = new Set<string>();
  /**
   * The check judged these canaries clearly worse: each is aborted, ahead of any change of its remote still
   * waiting (which yields); one running is waited for, as is a rollback or an abort already under way. Never
   * skipped: the abort names the canary it judged, so what ran before it cannot make it abort another.
   */
  const abortJudged = (judged: CanaryCheck[]) => {
    for (const check of judged) {
      const scope = remotes[check.remote].folder;
      // Already on its way: this round's verdict is the same canary's.
      if (abortsUnderWay.has(scope)) continue;
      abortsUnderWay.add(scope);
      void abortWhenItsTurn(scope, check).finally(() => abortsUnderWay.delete(scope));
    }
  };
  async function abortWhenItsTurn(scope: RemoteScope, check: CanaryCheck) {
    for (;;) {
      if (stopping) return;
      const claim = gate.claim(scope, 'automatic', 'abort', new Date(), { ahead: true });
      if ('busy' in claim) {
        log.info(
          `The canary check aborts ${scope} ${check.canary} once the ${claim.busy.what} by ${claim.busy.by} under way is done.`,
        );
        await gate.scopeFree(scope);
        continue;
      }
      const operation: Operation = {
        kind: 'abort',
        scope,
        version: check.canary,
        reason: check.verdict.reason,
      };
      try {
        const result = await claim.run(() =>
          runOperation({ deploy: deploy.path, operation, by: 'automatic', from: 'host' }),
        );
        if (!result.ok)
          return log.error(`The canary check could not abort ${scope} ${check.canary}: ${result.error}`);
        for (const line of result.output) (line.stream === 'out' ? log.info : log.error)(line.text);
      } finally {
        claim.release();
      }
      return;
    }
  }
  const rollouts = rolloutAdvancer({ deploy, env, log, gate, runOperation, settings, now: options.now });
  const visits = new AbortController();
  let watcher: CanaryWatcher | undefined;
  if (options.watch !== false && settings.intervalSeconds > 0)
    watcher = watchCanaries(deploy, {
      env,
      settings,
      log,
      delegateAbort: abortJudged,
      onChecked: rollouts.onChecked,
      // Each check visits every canary's pages itself too, so a quiet site's canary gets a verdict.
      ...(canarySyntheticOff(env)
        ? {}
        : { synthetic: syntheticCheck(deploy.path, env, { signal: visits.signal }) }),
    });

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      watcher?.stop();
      visits.abort();
      await rollouts.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // An upload still arriving claims nothing from now on (409); the changes already claimed finish.
      stopping = true;
      gate.close();
      await gate.idle();
      // The last change's reply may still be on its way: a connection is closed once it is idle (its reply
      // written), and only one still busy after a few seconds is cut.
      const deadline = Date.now() + replyGraceMs;
      let done = false;
      void closed.then(() => {
        done = true;
      });
      while (!done && Date.now() < deadline) {
        server.closeIdleConnections();
        await sleep(50);
      }
      server.closeAllConnections();
      await closed;
      rmSync(tempRoot, { recursive: true, force: true });
    })();
    return stopped;
  };
  return { url, stop };
}
