/**
 * For the release service's tests: a deploy folder that is a live site in miniature (a deployed shell with its
 * index.html and a Node build the real prerender worker runs, and the three remotes released by the library as
 * a team would), builds of any remote that are each a version of their own, a running service on a free
 * loopback port with its keys, and a way to send it a build as the CLI does. Deploy digests and a build that
 * throws in Node are the releases package's fixtures, passed on here.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDigestHeader, type ReleaseScope, releaseRoutes } from 'build-config/release-protocol';
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { serverBuildDir, serverEntryFile, stagingDeployDir } from 'deploy-model/layout';
import { declaredExposes } from 'federation/declared-exposes';
import goodFixture from 'federation/fixtures/good.manifest.json';
import { stagingEnvironment } from 'platform-kit/settings/site';
import { packBuild } from 'release-client/pack';
import { releaseBuild } from 'releases/changes/release';
import { makeDeploy } from 'releases/testing/fixtures';
import { createKey, ensureOperatorKey } from '../src/keys.ts';
import { type RunningReleaseService, startReleaseService } from '../src/server.ts';
import { loadServiceSettings } from '../src/service-settings.ts';

// Deploy and build helpers the releases package's own tests share.
export { digestOf, throwingInNode } from 'releases/testing/fixtures';

export const serviceEnv = {
  ...process.env,
  AGENCY_PORT_BASE: '5000',
  // The canary check's timer is a test of its own.
  AGENCY_CANARY_CHECK_SECONDS: '0',
  // Stand-in builds have nothing to render; the gates have tests of their own (release-gates/).
  AGENCY_RELEASE_GATES: 'off',
  // Nor pages to visit: the canary check's synthetic visits have tests of their own (synthetic-canary.test.ts).
  AGENCY_CANARY_SYNTHETIC: 'off',
};

/** The service's environment on a host with a staging environment beside production. */
export const stagingServiceEnv = { ...serviceEnv, AGENCY_STAGING: 'on' };

let builds = 0;

/**
 * A compatible build of the remote that is a version of its own: the label goes into its hashed remote entry's
 * name. With `incompatible`, it needs a React the shell does not lend.
 */
export function remoteBuild(
  work: string,
  name: RemoteName,
  options: { incompatible?: boolean } = {},
): string {
  const label = `${name}-${++builds}-${process.pid}-${Date.now()}`;
  const dir = join(work, 'builds', label);
  mkdirSync(join(dir, 'static', 'js'), { recursive: true });
  const entry = `static/js/${name}.${label}.js`;
  const manifest = {
    ...goodFixture,
    id: name,
    name,
    metaData: {
      ...goodFixture.metaData,
      name,
      buildInfo: { ...goodFixture.metaData.buildInfo, buildName: remotes[name].folder },
      remoteEntry: { ...goodFixture.metaData.remoteEntry, name: entry },
    },
    shared: goodFixture.shared.map((shared) => ({
      ...shared,
      id: `${name}:${shared.name}`,
      ...(options.incompatible && shared.name === 'react'
        ? { version: '18.3.1', requiredVersion: '^18.3.1' }
        : {}),
    })),
    exposes: declaredExposes[name].map((expose) => ({
      id: `${name}:${expose}`,
      name: expose,
      path: `./${expose}`,
    })),
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, entry), `console.log(${JSON.stringify(label)});`);
  return dir;
}

/*
 * A stand-in for the shell's Node build, run by the real prerender worker in its own process: each page shows
 * the remote versions it was rendered with, as the shell got them through /remotes.json.
 */
const serverEntry = `module.exports = {
  takesTransport: true,
  async renderPage(path, transport) {
    const map = await (await transport.fetch('/remotes.json')).json();
    const versions = Object.entries(map.microFrontends).map(([name, [entry]]) => name + '@' + entry.metadata.version);
    return { html: '<main data-versions="' + versions.join(' ') + '">' + path + '</main>', styles: '', failedSlots: [], renderErrors: [] };
  },
};
`;

const shellIndex =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>';

export interface ServiceDeploy {
  work: string;
  deploy: string;
  /** The version of each remote live at the start. */
  live: Record<RemoteName, string>;
  remove(): void;
}

/** A live site in miniature: every remote released, the pages written by the real prerender worker. */
export function makeServiceDeploy(options: { staging?: boolean } = {}): ServiceDeploy {
  const fixture = makeDeploy();
  const { deploy, work } = fixture;
  const shell = join(deploy, 'shell');
  writeFileSync(join(shell, 'remotes.json'), '{}');
  writeFileSync(join(shell, 'index.html'), shellIndex);
  writeFileSync(join(shell, 'runtime.json'), '{"apiUrl":"http://localhost:5010"}');
  mkdirSync(serverBuildDir(deploy), { recursive: true });
  writeFileSync(join(serverBuildDir(deploy), serverEntryFile), serverEntry);
  // Staging, as a first start with AGENCY_STAGING=on leaves it: the same shell and the same builds, published
  // into its own folder in its own environment (its own origins).
  const staging = stagingDeployDir(deploy);
  if (options.staging) {
    cpSync(shell, join(staging, 'shell'), { recursive: true });
    cpSync(serverBuildDir(deploy), serverBuildDir(staging), { recursive: true });
  }
  const live = Object.fromEntries(
    remoteNames.map((name) => {
      const buildDir = remoteBuild(work, name);
      if (options.staging)
        releaseBuild(staging, name, {
          buildDir,
          settings: loadChangeSettings(stagingEnvironment(stagingServiceEnv)),
        });
      return [
        name,
        releaseBuild(deploy, name, { buildDir, settings: loadChangeSettings(serviceEnv) }).version,
      ];
    }),
  ) as Record<RemoteName, string>;
  return { work, deploy, live, remove: fixture.remove };
}

export const quietLog = { info: () => undefined, error: () => undefined };

/**
 * The service on a free loopback port, its settings parsed from `env` and each change's child started with `env`,
 * as `npm start` starts it; `options` for what a test sets itself (its log, its clock, how a change runs).
 */
export const startService = (
  deploy: string,
  env: NodeJS.ProcessEnv = serviceEnv,
  options: Omit<Parameters<typeof startReleaseService>[0], 'deploy' | 'settings' | 'childEnv'> = {},
): Promise<RunningReleaseService> =>
  startReleaseService({
    deploy,
    settings: loadServiceSettings(env),
    childEnv: env,
    port: 0,
    log: quietLog,
    ...options,
  });

export interface TestService<Scope extends ReleaseScope = never> extends Omit<ServiceDeploy, 'remove'> {
  service: RunningReleaseService;
  /** Where the service answers on loopback. */
  url: string;
  /** The operator's key, and the key made for each scope asked for. */
  keys: Record<Scope | 'operator', string>;
  /** Stops the service, then removes the deploy folder. */
  stop(): Promise<void>;
}

/**
 * What most service tests start from: a live site in miniature (makeServiceDeploy), the service on it
 * (startService), the operator's key, and a key for each scope in `keyNames` (scope → the key's name).
 */
export async function startTestService<Scope extends ReleaseScope = never>(
  keyNames: Record<Scope, string> = {} as Record<Scope, string>,
  options: { staging?: boolean } = {},
): Promise<TestService<Scope>> {
  const site = makeServiceDeploy(options);
  let service: RunningReleaseService;
  try {
    service = await startService(site.deploy, options.staging ? stagingServiceEnv : serviceEnv);
  } catch (error) {
    site.remove();
    throw error;
  }
  const keys = { operator: ensureOperatorKey(site.deploy) } as Record<Scope | 'operator', string>;
  for (const [scope, name] of Object.entries(keyNames) as [Scope, string][]) {
    keys[scope] = createKey(site.deploy, scope, name).key;
  }
  const { remove, ...deploy } = site;
  return {
    ...deploy,
    service,
    url: service.url,
    keys,
    async stop() {
      await service.stop();
      remove();
    },
  };
}

export const bearer = (key: string | undefined): Record<string, string> =>
  key === undefined ? {} : { authorization: `Bearer ${key}` };

export interface Reply {
  status: number;
  body: {
    output?: { stream: string; text: string }[];
    error?: string;
    problem?: string;
    [field: string]: unknown;
  };
}

async function replyOf(response: Response): Promise<Reply> {
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

/** POSTs a build folder packed as the CLI packs it. */
export async function upload(
  url: string,
  key: string | undefined,
  scope: ReleaseScope,
  buildDir: string,
  query = '',
  include?: readonly string[],
): Promise<Reply> {
  const { archive, digest } = await packBuild(buildDir, include ? { include } : {});
  const response = await fetch(`${url}${releaseRoutes.release(scope)}${query}`, {
    method: 'POST',
    headers: { ...bearer(key), 'content-type': 'application/gzip', [contentDigestHeader]: digest },
    body: new Uint8Array(archive),
  });
  return replyOf(response);
}

export async function post(
  url: string,
  key: string | undefined,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      ...bearer(key),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    } as Record<string, string>,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return replyOf(response);
}

export async function get(url: string, key: string | undefined, path: string): Promise<Reply> {
  return replyOf(await fetch(`${url}${path}`, { headers: bearer(key) }));
}

/** The text a reply's output would print. */
export const printed = (reply: Reply) => (reply.body.output ?? []).map((line) => line.text).join('\n');
