import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { originOf, portOf, releaseService, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { type ComposedSite, runComposedSite } from './canary-site.ts';
import { folderDigest, repoRoot } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

/**
 * Releases through the release service, as a team's pipeline makes them: from a second checkout of the project
 * that has only the service's URL and a key for its remote (no deploy folder, no access to the host's disk), on a
 * production site of its own run as `npm start` runs it (the suite's base + 100).
 */
test.describe.configure({ mode: 'serial' });

const workDir = join(repoRoot, '.data', 'e2e-release-service');
const deploy = join(workDir, 'deploy');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 100),
  AGENCY_DEPLOY_DIR: deploy,
  ENQUIRY_DATA_DIR: join(workDir, 'api'),
  ENQUIRY_LOG_LEVEL: 'warn',
};
const origin = originOf(shell, env);
const serviceUrl = `http://127.0.0.1:${portOf(releaseService, env)}`;
const teamCheckout = join(workDir, 'team-checkout');

let site: ComposedSite | undefined;

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);

/**
 * A second checkout, as a team's CI has it: a clone of this repository with the edits under test (so the spec
 * tests the code in the working tree, committed or not), installed from the package store, without a deploy
 * folder or anything else of the host's.
 */
function cloneForTeam() {
  rmSync(teamCheckout, { recursive: true, force: true });
  const clone = spawnSync('git', ['clone', '--quiet', '--no-local', repoRoot, teamCheckout], {
    encoding: 'utf8',
  });
  expect(clone.status, clone.stderr).toBe(0);
  for (const file of git('ls-files', '-z', '--modified', '--others', '--exclude-standard')) {
    const from = join(repoRoot, file);
    const to = join(teamCheckout, file);
    if (!existsSync(from)) rmSync(to, { force: true });
    else {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(from, to);
    }
  }
  const [pnpm = 'pnpm', ...prefix] = (process.env.AGENCY_PNPM ?? 'pnpm').split(' ');
  // Below the suite's priority, as every build in these specs: timings of the tests beside it must not stretch.
  const install = spawnSync(
    'nice',
    ['-n', '19', pnpm, ...prefix, 'install', '--offline', '--frozen-lockfile'],
    {
      cwd: teamCheckout,
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
}

/** What the team's pipeline has: a shell's PATH and HOME, the service's URL and its key; nothing else. */
const teamEnv = (key: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  AGENCY_RELEASE_URL: serviceUrl,
  AGENCY_RELEASE_KEY: key,
});

/** `npx pnpm <args>` in the team's checkout: the command its README gives, on a machine without pnpm. */
function team(key: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync('nice', ['-n', '19', 'npx', 'pnpm', ...args], {
    cwd: teamCheckout,
    env: teamEnv(key),
    encoding: 'utf8',
    timeout: 300_000,
  });
}

/** A command of the host's operator, in the repository that serves the site. */
function host(command: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [join('platform', 'cli', 'src', 'main.ts'), command, ...args],
    {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
}

const output = (result: SpawnSyncReturns<string>) => `${result.stdout}${result.stderr}`;

/** A new key for `scope`, made on the host; the key is the command's last line. */
function createKey(scope: string, name: string): string {
  const result = host('release', 'key', 'create', scope, '--name', name);
  expect(result.status, output(result)).toBe(0);
  const key = result.stdout.trim().split('\n').at(-1) ?? '';
  expect(key.length).toBeGreaterThan(30);
  return key;
}

const liveVersions = (remote: 'mf_marketing' | 'mf_portfolio' | 'mf_contact') =>
  (readRemoteMapDocument(deploy).microFrontends[remote] ?? []).map(({ metadata }) => metadata.version);

test.describe('', { tag: ['@composition'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    site = await runComposedSite(env, ['--no-build']);
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('npm start runs the release service on loopback and says where', async () => {
    expect(site?.output()).toContain(`The release service is running at ${serviceUrl}`);
    const health = await fetch(`${serviceUrl}/health`);
    expect(await health.json()).toMatchObject({ ok: true });
    // Never on the site's public origin.
    expect((await fetch(`${origin}/v1/status`)).status).toBe(404);
  });

  test('a release from a second checkout with only the URL and a key reaches visitors, and the log says who', async ({
    page,
  }) => {
    test.setTimeout(600_000);
    const key = createKey('mf-portfolio', 'portfolio-ci');
    cloneForTeam();
    expect(existsSync(join(teamCheckout, 'deploy'))).toBe(false);
    const categories = join(teamCheckout, 'mf-portfolio', 'src', 'pages', 'CategoriesPage.tsx');
    const from = '<List aria-label={categoriesCopy.listLabel}>';
    const source = readFileSync(categories, 'utf8');
    expect(source).toContain(from);
    writeFileSync(categories, source.replace(from, from.replace('>', ' data-build="from-the-team">')));

    const before = liveVersions('mf_portfolio');
    const release = team(key, 'release', 'mf-portfolio');
    expect(release.status, output(release)).toBe(0);
    expect(release.stdout).toMatch(/Released mf-portfolio \S+ \(was /);
    expect(liveVersions('mf_portfolio')).not.toEqual(before);
    // Nothing of the host's was written into the team's checkout.
    expect(existsSync(join(teamCheckout, 'deploy'))).toBe(false);

    await page.goto(`${origin}/categories`);
    await expect(page.locator('[data-build="from-the-team"]')).toBeVisible();

    const log = team(key, 'release', 'log', 'mf-portfolio');
    expect(log.status, output(log)).toBe(0);
    const last = log.stdout.trim().split('\n').at(-1) ?? '';
    // Where it came from (issue 41): the team checkout's HEAD, +dirty for the edit not committed, read from git.
    const head = spawnSync('git', ['rev-parse', 'HEAD'], {
      cwd: teamCheckout,
      encoding: 'utf8',
    }).stdout.trim();
    const released = `${head.slice(0, 12)}+dirty`;
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(last).toMatch(
      new RegExp(
        ` mf-portfolio +release +\\S+ \\(was \\S+\\) {2}by portfolio-ci from 127\\.0\\.0\\.1  source ${released.replace('+', '\\+')}( on \\S+)?( by .+)?$`,
      ),
    );

    const status = team(key, 'release', 'status', 'mf-portfolio');
    expect(status.status, output(status)).toBe(0);
    expect(status.stdout).toContain(liveVersions('mf_portfolio')[0] ?? 'none');
    expect(status.stdout).toContain(`from ${released}`);
    // The public map's entry names it too.
    const entry = readRemoteMapDocument(deploy).microFrontends.mf_portfolio?.[0];
    expect(entry?.extras?.source?.commit).toBe(`${head}+dirty`);
  });

  test('a key for mf-portfolio cannot touch mf-marketing, and no key cannot touch anything', async () => {
    test.setTimeout(300_000);
    const key = createKey('mf-portfolio', 'portfolio-ci-2');
    const files = folderDigest(deploy);
    const marketingBuild = join(repoRoot, 'mf-marketing', 'dist');

    const release = team(key, 'release', 'mf-marketing', '--build-dir', marketingBuild);
    expect(release.status, output(release)).toBe(1);
    expect(output(release)).toMatch(/portfolio-ci-2.*mf-marketing|mf-marketing.*portfolio-ci-2/);
    for (const args of [
      ['rollback', 'mf-marketing'],
      ['release', 'mf-marketing', 'abort'],
      ['release', 'shell', '--build-dir', join(repoRoot, 'shell')],
    ]) {
      const refused = team(key, ...args);
      expect(refused.status, `${args.join(' ')}: ${output(refused)}`).toBe(1);
    }
    const wrong = team(`${key.slice(0, -4)}AAAA`, 'release', 'mf-portfolio', '--build-dir', marketingBuild);
    expect(wrong.status, output(wrong)).toBe(1);
    expect(output(wrong)).toContain('needs a valid release key');
    const revoke = host('release', 'key', 'revoke', 'portfolio-ci-2');
    expect(revoke.status, output(revoke)).toBe(0);
    const revoked = team(key, 'rollback', 'mf-portfolio');
    expect(revoked.status, output(revoked)).toBe(1);

    expect(folderDigest(deploy, ['releases/keys.json', 'releases/preview-revocations.json'])).toEqual(
      Object.fromEntries(Object.entries(files).filter(([name]) => name !== 'releases/keys.json')),
    );
  });

  test('two teams releasing at the same moment both land; two releases of one remote at once: one gets 409', async () => {
    test.setTimeout(600_000);
    const marketing = buildChangedRemote(
      'mf_marketing',
      join(workDir, 'builds', 'marketing'),
      env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'Hero.tsx');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace('>{headline}</Headline>', '>Both teams</Headline>'),
        );
      },
      { lowPriority: true },
    );
    const contact = buildChangedRemote(
      'mf_contact',
      join(workDir, 'builds', 'contact'),
      env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'ContactHero.tsx');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace('<Highlights>', '<Highlights data-build="both">'),
        );
      },
      { lowPriority: true },
    );
    const running = (...args: string[]) =>
      new Promise<{ code: number | null; text: string }>((done) => {
        const child = spawn(
          join(repoRoot, 'node_modules', '.bin', 'tsx'),
          [join('platform', 'cli', 'src', 'main.ts'), 'release', ...args],
          {
            cwd: repoRoot,
            env,
          },
        );
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        child.on('exit', (code) => done({ code, text }));
      });

    const [first, second] = await Promise.all([
      running('mf-marketing', '--build-dir', marketing),
      running('mf-contact', '--build-dir', contact),
    ]);
    expect(first.code, first.text).toBe(0);
    expect(second.code, second.text).toBe(0);
    const home = await (await fetch(`${origin}/`)).text();
    expect(home).toContain('Both teams');
    const contactPage = await (await fetch(`${origin}/contact`)).text();
    expect(contactPage).toContain('data-build="both"');

    // The same remote twice at once: the first in wins, the other is told it is busy, and nothing is half done.
    const other = buildChangedRemote(
      'mf_contact',
      join(workDir, 'builds', 'contact-2'),
      env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'ContactHero.tsx');
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace('<Highlights>', '<Highlights data-build="again">'),
        );
      },
      { lowPriority: true },
    );
    const both = await Promise.all([
      running('mf-contact', '--canary', '10', '--build-dir', other),
      running('mf-contact', '--build-dir', contact),
    ]);
    const codes = both.map(({ code }) => code).sort();
    expect(codes, both.map(({ text }) => text).join('\n---\n')).toEqual([0, 1]);
    const refused = both.find(({ code }) => code === 1)?.text ?? '';
    expect(refused).toMatch(/mf-contact is busy: a release by operator, started at .*, is still running/);
  });
});
