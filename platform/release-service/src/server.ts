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
import { setTimeout as sleep } from 'node:timers/promises';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { Hono } from 'hono';
import { syntheticCheck } from 'releases/canary/synthetic';
import { type CanaryWatcher, watchCanaries } from 'releases/canary/watcher';
import { createNodeServer } from 'site-node-server';
import { automaticAborts } from './automatic-abort.ts';
import { ChangeGate } from './busy.ts';
import { changeRunner } from './change-runner.ts';
import { ensureOperatorKey } from './keys.ts';
import { escapedLog } from './log-line.ts';
import { type OperationRequest, type OperationResult, runOperationInChild } from './operation.ts';
import { previewRoutes } from './preview-routes.ts';
import { readRoutes } from './read-routes.ts';
import { releaseRoutes } from './release-routes.ts';
import { rolloutAdvancer } from './rollout-advancer.ts';
import { serviceGuards } from './service-guards.ts';
import type { ServiceApp, ServiceLog, ServiceParts } from './service-parts.ts';
import type { ServiceSettings } from './service-settings.ts';
import { sessionRoutes } from './session-routes.ts';
import { uploadLimits } from './upload.ts';

export type { ServiceLog } from './service-parts.ts';

export interface ReleaseServiceOptions {
  /** The deploy it changes; one Deploy for the service's life (its map is read again when a change replaced it). */
  deploy: DeployRef;
  /** The service's settings (service-settings.ts): its address and limits, both environments' change settings. */
  settings: ServiceSettings;
  /**
   * The environment each change's child process starts with (operation-main.ts parses its settings from it):
   * the one the service's settings were parsed from.
   */
  childEnv: NodeJS.ProcessEnv;
  log?: ServiceLog;
  /** Where uploads are unpacked while they are checked and published. */
  tempRoot?: string;
  gate?: ChangeGate;
  /** How a change runs; the default is a child process per change (operation.ts). */
  runOperation?: (request: OperationRequest) => Promise<OperationResult>;
}

/** The service's Hono app: the guards every request passes, then the routes, each file of them a part. */
export function createReleaseService(options: ReleaseServiceOptions): ServiceApp {
  const { settings, childEnv } = options;
  // Every line escaped: a path or a forwarded address a client sent cannot start a line of its own.
  const log = options.log && escapedLog(options.log);
  const parts: ServiceParts = {
    deploy: openDeploy(options.deploy),
    settings,
    staging: settings.environments.staging !== undefined,
    gate: options.gate ?? new ChangeGate(),
    tempRoot: options.tempRoot ?? join(tmpdir(), 'release-service-uploads'),
    hops: settings.trustProxyHops,
    limits: uploadLimits(settings.uploadMegabytes),
    runOperation: options.runOperation ?? ((request) => runOperationInChild(request, childEnv)),
    log,
    logError: (line) => log?.error(line),
  };
  const app: ServiceApp = new Hono();
  serviceGuards(app, parts);
  const runner = changeRunner(parts);
  releaseRoutes(app, parts, runner);
  previewRoutes(app, parts, runner);
  readRoutes(app, parts);
  sessionRoutes(app, parts);
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
  const { settings: serviceSettings, childEnv } = options;
  const log = escapedLog(options.log ?? { info: console.log, error: console.error });
  const address = serviceSettings.address;
  const host = options.host ?? address.host;
  const port = options.port ?? address.port;
  const changeSettings = serviceSettings.environments.production;
  const settings = changeSettings.canary;
  ensureOperatorKey(deploy.path);
  const tempRoot = mkdtempSync(join(tmpdir(), 'release-service-'));
  mkdirSync(tempRoot, { recursive: true });
  const gate = new ChangeGate();
  const runOperation =
    options.runOperation ?? ((request: OperationRequest) => runOperationInChild(request, childEnv));
  const app = createReleaseService({ ...options, deploy, log, gate, tempRoot, runOperation });

  const server: Server = createNodeServer(app.fetch, {
    hostname: host,
    maxBodyBytes: uploadLimits(serviceSettings.uploadMegabytes).maxBytes,
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
  const abortJudged = automaticAborts({ deploy, gate, runOperation, log, stopping: () => stopping });
  const rollouts = rolloutAdvancer({
    deploy,
    settings: changeSettings,
    log,
    gate,
    runOperation,
    now: options.now,
  });
  const visits = new AbortController();
  let watcher: CanaryWatcher | undefined;
  if (options.watch !== false && settings.intervalSeconds > 0)
    watcher = watchCanaries(deploy, {
      settings: changeSettings,
      log,
      delegateAbort: abortJudged,
      onChecked: rollouts.onChecked,
      // Each check visits every canary's pages itself too, so a quiet site's canary gets a verdict.
      ...(changeSettings.syntheticOff
        ? {}
        : { synthetic: syntheticCheck(deploy.path, changeSettings, { signal: visits.signal }) }),
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
