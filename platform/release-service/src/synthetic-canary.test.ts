import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAudit } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { appDist } from 'platform-kit/paths';
import { hostSettings } from 'platform-kit/settings/hosts';
import { countsOf, healthReader } from 'releases/canary/health';
import { publishAll } from 'releases/changes/publish-site';
import { type HealthApi, startHealthApi } from 'releases/testing/fixtures';
import { serveDeploy } from 'site-hosting/serve-deploy';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { printed, startService, upload } from '../testing/service.ts';
import { createKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

/**
 * Issue 41, item 5: a quiet site's canary still gets a verdict. Real builds (each app's dist/, as `pnpm build`
 * left it) published into a deploy of their own and served by the real static hosts on loopback; the release
 * service with its canary check every 3 s, its synthetic visits in the sandboxed Chromium; a real enquiry API
 * that no visitor ever sends a beacon to (zero real views), and to which the site's pages would send theirs.
 */
let work: string;
let deploy: string;
let hosts: Server[];
let health: HealthApi;
let env: NodeJS.ProcessEnv;
let service: RunningReleaseService | undefined;
let lines: string[];
let builds = 0;

/** A port base whose shell and remote ports (base to base + 3) are all free on loopback. */
async function freePortBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 50; tries += 1) {
    const base = 20_000 + Math.floor(Math.random() * 400) * 100;
    const ports = [0, 1, 2, 3].map((offset) => base + offset);
    if ((await Promise.all(ports.map(free))).every(Boolean)) return base;
  }
  throw new Error('no free port base');
}

/** mf-portfolio's build as another version (one of its Node files carries a comment); optionally patched. */
function portfolioBuild(patch?: (dir: string) => void): string {
  const dir = join(work, `mf-portfolio-${++builds}`);
  cpSync(appDist('mf-portfolio'), dir, { recursive: true });
  const ssr = readdirSync(join(dir, 'ssr')).find((file) => file.endsWith('.js'));
  appendFileSync(join(dir, 'ssr', ssr as string), `\n// synthetic canary test build ${builds}\n`);
  patch?.(dir);
  return dir;
}

const thrown = 'PortfolioSection throws in the browser only (synthetic canary test)';

/** PortfolioSection's browser code throws as it renders; its Node code, and so the prerender, is as built. */
function throwsInBrowser(dir: string) {
  const chunks = join(dir, 'static', 'js', 'async');
  let patched = 0;
  for (const name of readdirSync(chunks).filter((file) => file.endsWith('.js'))) {
    const source = readFileSync(join(chunks, name), 'utf8');
    const component = /PortfolioSection:\(\)=>(\w+)/.exec(source)?.[1];
    const definition = component && new RegExp(`function ${component}\\((\\w+)\\)\\{`).exec(source);
    if (!definition) continue;
    writeFileSync(
      join(chunks, name),
      source.replace(definition[0], `${definition[0]}throw new Error(${JSON.stringify(thrown)});`),
    );
    patched += 1;
  }
  if (patched !== 1)
    throw new Error(`expected one browser chunk defining PortfolioSection, patched ${patched}`);
}

const portfolio = () => {
  const document = readRemoteMapDocument(deploy);
  return { canary: canaryEntry(document, 'mf_portfolio'), stable: defaultEntry(document, 'mf_portfolio') };
};

async function until(condition: () => boolean, what: string, ms: number) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > ms) throw new Error(`waited ${ms} ms for ${what}:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

/** The real views (and failures) the API has for a version since the start: beacons of real visitors only. */
async function realViews(version: string) {
  const report = await healthReader()({
    since: new Date(Date.now() - 3600_000),
    source: loadChangeSettings(env).health,
  });
  return countsOf(report, 'mf_portfolio', version).views;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'synthetic-canary-test-'));
  deploy = join(work, 'deploy');
  const base = await freePortBase();
  health = await startHealthApi();
  env = {
    ...process.env,
    ...health.env,
    AGENCY_PORT_BASE: String(base),
    AGENCY_CANARY_CHECK_SECONDS: '3',
    // The gates have tests of their own (release-gates.test.ts); here a build the browser alone sees throw is
    // released as `--force` would, to show what the canary check makes of it.
    AGENCY_RELEASE_GATES: 'off',
  };
  delete env.AGENCY_CANARY_SYNTHETIC;
  publishAll(deploy, loadChangeSettings(env));
  // The pages send their beacons to this API: a synthetic visit that sent one would count as a real view.
  writeFileSync(join(deploy, 'shell', 'runtime.json'), JSON.stringify({ apiUrl: health.url }));
  health.useDeploy(deploy);
  hosts = await serveDeploy(deploy, hostSettings(env));
}, 240_000);
afterAll(async () => {
  for (const host of hosts ?? []) host.close();
  await health?.stop();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  lines = [];
  service = await startService(deploy, env, {
    log: { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
  });
});
afterEach(async () => {
  await service?.stop();
  service = undefined;
});

describe('synthetic visits in the canary check (a site with no visitors)', () => {
  it('take a healthy staged rollout to 100% after its holds, with zero real views', async () => {
    const teamKey = createKey(deploy, 'mf-portfolio').key;
    const reply = await upload(
      (service as RunningReleaseService).url,
      teamKey,
      'mf-portfolio',
      portfolioBuild(),
      '?stages=5,50,100&hold=5s',
    );
    expect(reply.status, printed(reply)).toBe(200);
    const version = portfolio().canary?.metadata.version as string;
    expect(portfolio().canary?.deployment.traffic).toBe(5);

    await until(() => portfolio().stable?.metadata.version === version, 'the promote', 150_000);
    expect(portfolio().canary).toBeUndefined();
    await until(
      () => readAudit(deploy).some(({ action }) => action === 'promote'),
      'its audit entry',
      10_000,
    );
    const automatic = readAudit(deploy).filter(({ by, version: of }) => by === 'automatic' && of === version);
    expect(automatic.map(({ action, traffic }) => [action, traffic])).toEqual([
      ['stage', 50],
      ['promote', 50],
    ]);
    for (const { reason } of automatic)
      expect(reason).toMatch(
        /healthy: synthetic visits passed: \/, \/about, \/portfolio, \/categories hydrated in the canary's bucket \(0 real views, too few to judge them\)$/,
      );
    expect(await realViews(version)).toBe(0);
    expect(lines).toContainEqual(
      `Synthetic visit of mf-portfolio ${version} (5%): passed: synthetic visits passed: /, /about, /portfolio, /categories hydrated in the canary's bucket`,
    );
  }, 240_000);

  it('abort a canary whose section throws in the browser within a minute, naming the page and the slot', async () => {
    const teamKey = createKey(deploy, 'mf-portfolio').key;
    const live = portfolio().stable?.metadata.version;
    const reply = await upload(
      (service as RunningReleaseService).url,
      teamKey,
      'mf-portfolio',
      portfolioBuild(throwsInBrowser),
      '?canary=10',
    );
    expect(reply.status, printed(reply)).toBe(200);
    const version = portfolio().canary?.metadata.version as string;
    expect(version).toBeDefined();

    const took = await until(() => portfolio().canary === undefined, 'the abort', 60_000);
    expect(took).toBeLessThan(60_000);
    expect(portfolio().stable?.metadata.version).toBe(live);
    await until(
      () => readAudit(deploy).some(({ action, version: of }) => action === 'abort' && of === version),
      'its audit entry',
      10_000,
    );
    expect(readAudit(deploy).at(-1)).toMatchObject({
      by: 'automatic',
      action: 'abort',
      version,
      traffic: 10,
      reason: expect.stringMatching(
        /^synthetic visits failed: \/ shows the fallback for mf_portfolio\/PortfolioSection \(render\); \/portfolio shows the fallback for mf_portfolio\/PortfolioPage \(render\) \(2 visits in a row/,
      ),
    });
    expect(await realViews(version)).toBe(0);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Synthetic visit of mf-portfolio ${version} \\(10%\\): failed: synthetic visits failed: / shows`,
        ),
      ),
    );
  }, 180_000);
});
