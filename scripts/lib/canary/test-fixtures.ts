/**
 * For the release and canary tests: a deploy folder with a deployed shell's manifest, remote builds that are each a new
 * version, and a real enquiry API on loopback that stores the beacons' counts and answers them over HTTP.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enquiryApi } from 'build-config/topology';
import { declaredExposes } from 'federation/declared-exposes';
import goodFixture from 'federation/fixtures/good.manifest.json';
import { enquiryApiPaths, type RemoteHealthEvent } from 'shared-content/enquiry';
import { type RunningApi, startEnquiryApi } from '../enquiry-api.ts';

export const env = { AGENCY_PORT_BASE: '5000' };
/** The other remotes' entries, as an environment released before canaries has them. */
export const otherEntries = {
  mf_portfolio: 'http://localhost:5002/1.0.0-aaaaaaaa/mf-manifest.json',
  mf_contact: 'http://localhost:5003/1.0.0-bbbbbbbb/mf-manifest.json',
};

/**
 * A remote map in the older form with each entry sealed, as the shell and the tooling require (any valid
 * SHA-384 will do: these tests never fetch the manifests).
 */
export const sealedMapOf = (entries: Record<string, string>) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(entries).map(([name, url]) => [name, { url, integrity: `sha384-${'A'.repeat(64)}` }]),
    ),
  );

const good = {
  ...goodFixture,
  exposes: declaredExposes.mf_marketing.map((name) => ({
    id: `mf_marketing:${name}`,
    name,
    path: `./${name}`,
  })),
};

/** A temporary work folder with deploy/shell holding the deployed shell's manifest and the remote map. */
export function makeDeploy(): { work: string; deploy: string; remove(): void } {
  const work = mkdtempSync(join(tmpdir(), 'canary-test-'));
  const deploy = join(work, 'deploy');
  mkdirSync(join(deploy, 'shell'), { recursive: true });
  writeFileSync(
    join(deploy, 'shell', 'mf-manifest.json'),
    JSON.stringify({
      name: 'shell',
      metaData: { pluginVersion: good.metaData.pluginVersion },
      exposes: [],
      shared: good.shared.map(({ name, version }) => ({ name, version, singleton: true })),
    }),
  );
  writeFileSync(join(deploy, 'shell', 'remotes.json'), sealedMapOf(otherEntries));
  return { work, deploy, remove: () => rmSync(work, { recursive: true, force: true }) };
}

let builds = 0;

/**
 * A compatible mf-marketing build that is a version of its own: the label goes into its hashed remote entry's
 * name, so every call (within a test run) makes another version, and health counts never mix across tests.
 */
export function marketingBuild(work: string, label = `b${++builds}-${process.pid}-${Date.now()}`): string {
  const dir = join(work, label);
  mkdirSync(join(dir, 'static'), { recursive: true });
  const manifest = {
    ...good,
    metaData: {
      ...good.metaData,
      remoteEntry: { ...good.metaData.remoteEntry, name: `static/js/mf_marketing.${label}.js` },
    },
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'static', `${label}.js`), `console.log(${JSON.stringify(label)});`);
  return dir;
}

export interface HealthApi {
  /** The environment that names its URL (AGENCY_HEALTH_URL), as the release tooling reads it. */
  env: NodeJS.ProcessEnv;
  url: string;
  /** POSTs counts to /beacon as the shell does, in beacons of at most 24 events of at most 50. */
  report(remote: string, version: string, counts: Partial<Record<'view' | Failure, number>>): Promise<void>;
  stop(): Promise<void>;
}

type Failure = 'render-error' | 'hydration-mismatch' | 'load-failure';

function events(remote: string, version: string, kind: RemoteHealthEvent['kind'], total: number) {
  const list: RemoteHealthEvent[] = [];
  for (let left = total; left > 0; left -= 50) {
    const event: RemoteHealthEvent = { remote, version, kind, count: Math.min(50, left) };
    list.push(kind === 'load-failure' ? { ...event, reason: 'timeout' } : event);
  }
  return list;
}

/** A port the system has just handed out as free (the API takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

/**
 * The enquiry API as its own process, on a free port, with a data folder of its own; `extra` adds to its
 * environment (ENQUIRY_HEALTH_KEY, say).
 */
export async function startHealthApi(extra: NodeJS.ProcessEnv = {}): Promise<HealthApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canary-health-'));
  const { ENQUIRY_PORT: _, ...inherited } = process.env;
  // The API listens on AGENCY_PORT_BASE + its offset; only that port has to be free (the base is 1024–65000).
  let port = await freePort();
  while (port - enquiryApi.offset < 1024 || port - enquiryApi.offset > 65_000) port = await freePort();
  const apiEnv = {
    ...inherited,
    AGENCY_PORT_BASE: String(port - enquiryApi.offset),
    ENQUIRY_DATA_DIR: dataDir,
    ENQUIRY_LOG_LEVEL: 'error',
    ...extra,
  };
  const api: RunningApi = await startEnquiryApi(apiEnv);
  return {
    env: { AGENCY_HEALTH_URL: api.url },
    url: api.url,
    async report(remote, version, counts) {
      const all = Object.entries(counts).flatMap(([kind, total]) =>
        events(remote, version, kind as RemoteHealthEvent['kind'], total ?? 0),
      );
      for (let start = 0; start < all.length; start += 24) {
        const response = await fetch(`${api.url}${enquiryApiPaths.beacon}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ events: all.slice(start, start + 24) }),
        });
        if (response.status !== 204)
          throw new Error(`POST /beacon: ${response.status} ${await response.text()}`);
      }
    },
    async stop() {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
