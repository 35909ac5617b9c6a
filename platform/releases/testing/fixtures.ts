/**
 * For the release and canary tests (this package's and the release service's): a deploy folder with a deployed
 * shell's manifest, remote builds that are each a new version, a real enquiry API on loopback that stores the
 * beacons' counts and answers them over HTTP, mf-portfolio's real build made to throw in Node, and a digest of a
 * folder that shows nothing changed.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { enquiryApi } from 'build-config/topology';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { declaredExposes } from 'federation/declared-exposes';
import goodFixture from 'federation/fixtures/good.manifest.json';
import { type RunningApi, startEnquiryApi } from 'platform-kit/enquiry-api';
import { appDist } from 'platform-kit/paths';
import { loadSiteSettings } from 'platform-kit/settings/site';
import { enquiryApiPaths, type RemoteHealthEvent } from 'shared-content/enquiry';

// Stand-in builds (a manifest and a line of code) have nothing to render: the release gates are off here, and
// tested with real builds (platform/release-service/src/release-gates.test.ts).
export const env = { AGENCY_PORT_BASE: '5000', AGENCY_RELEASE_GATES: 'off' };
/** `env` parsed, as a change's entry parses it: what the library's changes take in these tests. */
export const changeSettings = loadChangeSettings(env);
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
  /** The deploy whose remotes.json the API reads as the live map (the shell origin's, in production). */
  useDeploy(deploy: string): void;
  /**
   * Reports counts as visitors' shells do: one beacon per page load, each with its own page-load id, page load
   * i showing every kind whose count is above i. By default each page load comes from a visitor of its own, in
   * a network of its own (an address given by X-Forwarded-For, as behind the site's proxy); `from` picks the
   * address of page load i instead.
   */
  report(
    remote: string,
    version: string,
    counts: Partial<Record<'view' | Failure, number>>,
    from?: (load: number) => string,
  ): Promise<void>;
  /**
   * Reports Web Vitals as visitors' shells do (POST /vitals): one page load per value, each from a visitor of
   * its own by default (`from` picks page load i's address), on `route`, naming the remote versions on it.
   */
  reportVitals(
    versions: { remote: string; version: string }[],
    route: string,
    values: readonly Partial<Record<'LCP' | 'INP' | 'CLS', number>>[],
    from?: (load: number) => string,
  ): Promise<void>;
  /** POSTs one beacon as it is (a forger's), from `address`; resolves to the status. */
  beacon(body: unknown, address: string): Promise<number>;
  stop(): Promise<void>;
}

type Failure = 'render-error' | 'hydration-mismatch' | 'load-failure';

/** An address of its own per number: 10.x.y.1, each in a /24 of its own. */
export const visitorAddress = (index: number) => `10.${(index >> 8) & 255}.${index & 255}.1`;

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

/** The deploy's remotes.json over HTTP on loopback, as the shell origin serves it to the API. */
async function serveMap(): Promise<{ url: string; use(deploy: string): void; stop(): Promise<void> }> {
  let file: string | undefined;
  const server = createHttpServer((_, response) => {
    if (!file || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(readFileSync(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/remotes.json`,
    use(deploy) {
      file = join(deploy, 'shell', 'remotes.json');
    },
    stop: () => new Promise((closed) => server.close(() => closed())),
  };
}

let pageLoads = 0;
const newPageLoad = () => `fixture-${process.pid}-${++pageLoads}-${Date.now()}`;

/**
 * The enquiry API as its own process, on a free port, with a data folder of its own, behind one trusted proxy
 * (X-Forwarded-For names the visitor), reading the live map from the deploy given to useDeploy; `extra` adds
 * to its environment (ENQUIRY_HEALTH_KEY, say).
 */
export async function startHealthApi(extra: NodeJS.ProcessEnv = {}): Promise<HealthApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canary-health-'));
  const { ENQUIRY_PORT: _, ...inherited } = process.env;
  // The API listens on AGENCY_PORT_BASE + its offset; only that port has to be free (the base is 1024–65000).
  let port = await freePort();
  while (port - enquiryApi.offset < 1024 || port - enquiryApi.offset > 65_000) port = await freePort();
  const map = await serveMap();
  const apiEnv = {
    ...inherited,
    AGENCY_PORT_BASE: String(port - enquiryApi.offset),
    ENQUIRY_DATA_DIR: dataDir,
    ENQUIRY_LOG_LEVEL: 'error',
    ENQUIRY_REMOTE_MAP_URL: map.url,
    ENQUIRY_TRUST_PROXY: '1',
    ENQUIRY_BEACON_RATE_LIMIT: '1000000',
    ...extra,
  };
  const api: RunningApi = await startEnquiryApi(loadSiteSettings(apiEnv), apiEnv);
  const post = async (body: unknown, address: string, path: string = enquiryApiPaths.beacon) => {
    const response = await fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    env: { AGENCY_HEALTH_URL: api.url },
    url: api.url,
    useDeploy: map.use,
    async report(remote, version, counts, from = visitorAddress) {
      const kinds = Object.entries(counts) as [RemoteHealthEvent['kind'], number][];
      const loads = Math.max(0, ...kinds.map(([, total]) => total));
      const send = async (load: number) => {
        const events = kinds
          .filter(([, total]) => load < total)
          .map(
            ([kind]): RemoteHealthEvent => ({
              remote,
              version,
              kind,
              count: 1,
              ...(kind === 'load-failure' ? { reason: 'timeout' } : {}),
            }),
          );
        const { status, text } = await post({ events, pageLoad: newPageLoad() }, from(load));
        if (status !== 204) throw new Error(`POST /beacon: ${status} ${text}`);
      };
      // A few at a time, as visitors' browsers would send them.
      for (let start = 0; start < loads; start += 16)
        await Promise.all(
          Array.from({ length: Math.min(16, loads - start) }, (_, offset) => send(start + offset)),
        );
    },
    async reportVitals(versions, route, values, from = visitorAddress) {
      for (const [load, vitals] of values.entries()) {
        const report = { pageLoad: newPageLoad(), route, bucket: 0, versions, vitals };
        const { status, text } = await post(report, from(load), enquiryApiPaths.vitals);
        if (status !== 204) throw new Error(`POST /vitals: ${status} ${text}`);
      }
    },
    beacon: async (body, address) => (await post(body, address)).status,
    async stop() {
      await api.stop();
      await map.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * mf-portfolio's real build (its dist/, as `pnpm build` left it) copied to `<work>/mf-portfolio-throws`, with
 * ProcessSection's Node code throwing `thrown` (its browser code as built): a build the render gates refuse and
 * whose pages would show a fallback. Called again, it copies the build afresh over the same folder.
 */
export function throwingInNode(work: string, thrown: string): string {
  const dir = join(work, 'mf-portfolio-throws');
  cpSync(appDist('mf-portfolio'), dir, { recursive: true });
  const chunk = readdirSync(join(dir, 'ssr'))
    .map((name) => join(dir, 'ssr', name))
    .find((file) => readFileSync(file, 'utf8').includes('function ProcessSection() {'));
  if (!chunk) throw new Error('no Node chunk of mf-portfolio defines ProcessSection');
  const source = readFileSync(chunk, 'utf8');
  writeFileSync(
    chunk,
    source.replace(
      'function ProcessSection() {',
      `function ProcessSection() {\n  throw new Error(${JSON.stringify(thrown)});`,
    ),
  );
  return dir;
}

/**
 * Every file of a folder with its SHA-256: equal before and after means nothing changed. The audit log counts by
 * the changes it records: every upload, refused or not, and a refused request that sent none add an entry of
 * their own (upload-audit.ts, operator-force.ts), which the tests of those entries check.
 */
export function digestOf(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      const audit = relative(dir, path) === join('releases', 'audit.jsonl');
      const content = audit ? changesOnly(path) : readFileSync(path);
      // An audit log of uploads alone records no change: as if it were not there.
      if (audit && content.length === 0) return [];
      return [[relative(dir, path), createHash('sha256').update(content).digest('hex')]];
    }),
  );
}

const changesOnly = (auditLog: string) =>
  readFileSync(auditLog, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !/"action":"(upload|refused)"/.test(line))
    .join('\n');
