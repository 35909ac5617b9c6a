/**
 * Issue 41, items 1 and 2: what is live is the deploy alone. A team adds a route in its own clone, builds the
 * shell and releases it over HTTP with a shell key, as docs/how-to/add-a-route.md says; the host's checkout is
 * the older commit, without the route. The route goes live at once: its page prerendered with its section, a
 * 200, its title, in the sitemap, with no restart and no pull on the host. Releasing the earlier shell (the
 * shell's rollback) removes it again. Real builds, a real clone installed offline from the store, the team's
 * own `pnpm release` command, the real service and static host on loopback.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { repoRoot } from 'platform-kit/paths';
import { hostSettings } from 'platform-kit/settings/hosts';
import { publishAll } from 'releases/changes/publish-site';
import { portfolioCopy } from 'shared-content/portfolio';
import { siteConfig } from 'shared-content/site';
import { serveDeploy, siteUrl } from 'site-hosting/serve-deploy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../testing/service.ts';
import { createKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

const execFileAsync = promisify(execFile);
const env = { ...process.env, AGENCY_PORT_BASE: '5800', AGENCY_CANARY_CHECK_SECONDS: '0' };
const title = `Track Record | ${siteConfig.brandName}`;
const route = `  trackRecord: {
    path: '/track-record',
    aliases: [],
    title: \`Track Record | \${brand}\`,
    description: 'Websites and apps we have built for Indian businesses and startups, by category.',
    slots: [
      {
        remote: 'mf_portfolio',
        module: 'PortfolioSection',
        props: { context: 'home' },
        reserve: { base: 2910, md: 1380, lg: 1110 },
        needsCode: true,
      },
    ],
  },
`;

let work: string;
let deploy: string;
let team: string;
let service: RunningReleaseService;
let servers: Server[] = [];
let shellKey: string;

function run(command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, CI: 'true', ...extra },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

const get = async (path: string) => {
  const response = await fetch(`${siteUrl(hostSettings(env))}${path}`);
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'shell-routes-'));
  deploy = join(work, 'deploy');
  publishAll(deploy, loadChangeSettings(env));
  servers = await serveDeploy(deploy, hostSettings(env));
  service = await startService(deploy, env);
  shellKey = createKey(deploy, 'shell', 'shell-ci').key;
  // The team's clone of the same commit, the route added as add-a-route.md says, installed from the store.
  team = join(work, 'team');
  run('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, team], work);
  const routesFile = join(team, 'shared-content', 'src', 'site', 'routes.ts');
  const source = readFileSync(routesFile, 'utf8');
  writeFileSync(routesFile, source.replace('export const routes = {\n', `export const routes = {\n${route}`));
  const pnpm = join(repoRoot, 'node_modules', '.bin', 'pnpm');
  run(pnpm, ['install', '--offline', '--frozen-lockfile'], team);
  run(pnpm, ['--filter', 'shell', 'build'], team);
}, 600_000);

// The clone holds a whole install: removing it took over 10 s on a loaded machine.
afterAll(async () => {
  await service?.stop();
  for (const server of servers) server.close();
  rmSync(work, { recursive: true, force: true });
}, 120_000);

/**
 * The team's own command, from its clone, over HTTP with its key; asynchronous, since the service it talks to
 * answers from this process.
 */
async function releaseShellFrom(clone: string) {
  const { stdout } = await execFileAsync(
    join(repoRoot, 'node_modules', '.bin', 'pnpm'),
    ['release', 'shell', '--build-dir', 'shell'],
    {
      cwd: clone,
      env: { ...process.env, CI: 'true', AGENCY_RELEASE_URL: service.url, AGENCY_RELEASE_KEY: shellKey },
      timeout: 240_000,
    },
  );
  return stdout;
}

describe('a shell released over HTTP brings its routes (issue 41)', () => {
  it('adds a route live: prerendered with its section, 200, its title, in the sitemap; no restart', async () => {
    expect((await get('/track-record')).status).toBe(404);
    expect((await get('/sitemap.xml')).text).not.toContain('/track-record');

    await releaseShellFrom(team);

    const page = await get('/track-record');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<title>${title}</title>`);
    // Prerendered by the new shell's own Node build: the portfolio section's heading is in the HTML.
    expect(page.text).toContain(portfolioCopy.heading);
    expect((await get('/sitemap.xml')).text).toContain('/track-record</loc>');
    // The rest of the site as it was, and an unknown path still a 404.
    expect((await get('/portfolio')).status).toBe(200);
    expect((await get('/no-such-page')).status).toBe(404);
  }, 300_000);

  it('releasing the earlier shell again removes it', async () => {
    await releaseShellFrom(repoRoot);
    expect((await get('/track-record')).status).toBe(404);
    expect((await get('/sitemap.xml')).text).not.toContain('/track-record');
    expect((await get('/portfolio')).status).toBe(200);
  }, 300_000);
});
