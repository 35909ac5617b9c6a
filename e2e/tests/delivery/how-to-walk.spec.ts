import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { originOf, portOf, releaseService, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { stagingDeployDir } from 'deploy-model/layout';
import { stagingEnvironment } from 'platform-kit/settings/site';
import { expect, test } from '../../fixtures.ts';
import { type ComposedSite, runComposedSite } from './canary-site.ts';
import { guideCode, guideCommands, type Ran, readGuide, run, start } from './how-to-commands.ts';

/**
 * Issue 41, item 7: every command of every how-to in docs/how-to/, run as written in a fresh clone of this
 * commit, as a team that never logs in to the host runs them. The host is this checkout's production site (as
 * `npm start` runs it, a deploy folder and ports of its own); the team's clone is installed with the documented
 * command and talks to the host's release service over HTTP with keys the operator made with the documented
 * command. The guides' edits are made as their steps say (the route and the expose from the guides' own code
 * blocks), in the order a team would meet them: change copy, release it from CI, roll it back, preview it, add
 * an expose, add a route, run one team's tests.
 *
 * Each step names the guide's command exactly; the walk first checks that its steps are every command of the
 * guides, so a command added to a guide fails here until the walk runs it. Where a command cannot run as typed,
 * the step says what runs instead and why: the example ports of a machine running one site (3000) become this
 * host's and this clone's; a placeholder (`<version>`, `…`, an example version) becomes the real one; an e2e
 * command gets Playwright's `--list` (it must parse, and select the tests the guide says; the tests themselves
 * run in this same `npm test`). A command already run with nothing changed since is not run again.
 */

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const workDir = join(repoRoot, '.data', 'e2e-how-to');
const clone = join(workDir, 'team');
/** The host on the suite's base + 700 (4800–4821), the team's clone on + 740 (its serve and dev servers). */
const base = Number(process.env.AGENCY_PORT_BASE ?? '4100') + 700;

/** The suite's own settings stay out: a team's shell has none of the host's. */
const plainEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(AGENCY|ENQUIRY|PLAYWRIGHT|TEST)_/.test(name)),
);
const hostEnv: NodeJS.ProcessEnv = {
  ...plainEnv,
  AGENCY_PORT_BASE: String(base),
  AGENCY_DEPLOY_DIR: join(workDir, 'deploy'),
  ENQUIRY_DATA_DIR: join(workDir, 'api'),
  ENQUIRY_LOG_LEVEL: 'warn',
  // The walk judges commands, not visitors: no synthetic canary visit may abort a canary between two steps.
  AGENCY_CANARY_SYNTHETIC: 'off',
};
const hostSite = originOf(shell, hostEnv);
const serviceUrl = `http://127.0.0.1:${portOf(releaseService, hostEnv)}`;
/** The team's machine: its own ports (its `pnpm serve`, its dev servers), the host's release service. */
const teamEnv: NodeJS.ProcessEnv = {
  ...plainEnv,
  CI: 'true',
  AGENCY_PORT_BASE: String(base + 40),
  AGENCY_RELEASE_URL: serviceUrl,
  GIT_AUTHOR_NAME: 'Contact team CI',
  GIT_AUTHOR_EMAIL: 'contact-team@example.com',
  GIT_COMMITTER_NAME: 'Contact team CI',
  GIT_COMMITTER_EMAIL: 'contact-team@example.com',
};
const teamSite = originOf(shell, teamEnv);
/**
 * The staging guide's host: a second site of this checkout started with AGENCY_STAGING=on (the suite's base + 600,
 * its staging at + 630), whose release service the team's commands of that guide talk to.
 */
const stagingHostEnv: NodeJS.ProcessEnv = {
  ...hostEnv,
  AGENCY_PORT_BASE: String(base - 100),
  AGENCY_DEPLOY_DIR: join(workDir, 'staging-host', 'deploy'),
  ENQUIRY_DATA_DIR: join(workDir, 'staging-host', 'api'),
  AGENCY_STAGING: 'on',
};
const stagingServiceUrl = `http://127.0.0.1:${portOf(releaseService, stagingHostEnv)}`;
const stagingOrigin = originOf(shell, stagingEnvironment(stagingHostEnv));
let stagingHost: ComposedSite | undefined;
const stagingKeys = new Map<Scope, string>();
/** mf-contact's live version on the staging host: in production's folder, or in staging's. */
const liveOnStagingHost = (where: 'production' | 'staging') => {
  const deploy = stagingHostEnv.AGENCY_DEPLOY_DIR ?? '';
  const map = readRemoteMapDocument(where === 'staging' ? stagingDeployDir(deploy) : deploy);
  return (map.microFrontends.mf_contact ?? []).find(({ deployment }) => deployment.default)?.metadata.version;
};

type Scope = 'mf-contact' | 'mf-portfolio' | 'mf-marketing' | 'shell';
const keys = new Map<Scope, string>();

/** One step of a guide: its command exactly as the guide has it, run as typed unless `instead` says otherwise. */
interface Command {
  doc: string;
  /** What runs, and why it differs from the guide's text. */
  instead?: { command: string; why: string };
  /** The key of the team that runs it (AGENCY_RELEASE_KEY); the operator's commands run on the host. */
  key?: Scope;
  on?: 'host';
  /** A team's command sent to the staging guide's host (its release service, a key made there). */
  host?: 'staging';
  /** A command that keeps running (a server): ready when this holds; then `check`, then Ctrl+C. */
  background?: (output: string) => boolean | Promise<boolean>;
  check?: (ran: Ran) => void | Promise<void>;
}

/** Something the guide tells the reader to do that is not a command: an edit, a commit. */
interface Action {
  does: string;
  act: () => void | Promise<void>;
}

type Step = Command | Action;

let site: ComposedSite | undefined;
/** Edits since the start: a command already run with no edit since is not run again. */
let edits = 0;
const ranAt = new Map<string, number>();
const versions: Record<string, string> = {};

const edit = (path: string, change: (text: string) => string) => {
  const file = join(clone, path);
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`The walk's edit of ${path} changed nothing: the file moved on.`);
  writeFileSync(file, after);
  edits += 1;
};
const create = (path: string, text: string) => {
  mkdirSync(join(clone, path, '..'), { recursive: true });
  writeFileSync(join(clone, path), text);
  edits += 1;
};
const git = (...args: string[]) => execFileSync('git', args, { cwd: clone, env: teamEnv, encoding: 'utf8' });
const commit = (message: string) => {
  git('add', '-A');
  // No file changes: what was built or run before the commit is of the commit.
  git('commit', '--quiet', '-m', message);
};

const contactVersions = () =>
  (readRemoteMapDocument(hostEnv.AGENCY_DEPLOY_DIR ?? '').microFrontends.mf_contact ?? []).map(
    ({ metadata, deployment }) => ({ version: metadata.version, ...deployment }),
  );
const liveContact = () => contactVersions().find((entry) => entry.default)?.version ?? '';
const canaryContact = () => contactVersions().find((entry) => !entry.default)?.version ?? '';

async function perform(step: Step) {
  if ('act' in step) return step.act();
  const command = step.instead?.command ?? step.doc;
  // The same command sent to another host is another command.
  const ranBefore = ranAt.get(`${step.host ?? ''}${command}`);
  if (ranBefore === edits && !step.background) return;
  const key = step.key ? (step.host === 'staging' ? stagingKeys : keys).get(step.key) : undefined;
  const service = step.host === 'staging' ? { AGENCY_RELEASE_URL: stagingServiceUrl } : {};
  const env =
    step.on === 'host' ? hostEnv : { ...teamEnv, ...service, ...(key ? { AGENCY_RELEASE_KEY: key } : {}) };
  const cwd = step.on === 'host' ? repoRoot : clone;
  let ran: Ran;
  if (step.background) {
    const running = await start(command, cwd, env, step.background);
    ran = { status: 0, output: running.output() };
    try {
      await step.check?.(ran);
    } finally {
      await running.stop();
    }
  } else {
    ran = await run(command, cwd, env);
    expect(
      ran.status,
      `\`${step.doc}\` ${step.instead ? `(run as \`${command}\`) ` : ''}failed:\n${ran.output}`,
    ).toBe(0);
    await step.check?.(ran);
  }
  ranAt.set(`${step.host ?? ''}${command}`, edits);
}

const get = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, text: await response.text() };
};

/** The commands that list e2e tests: parsed by Playwright, the tests it selects named, none run. */
const listed = (doc: string, check?: (output: string) => void): Command => ({
  doc,
  instead: {
    command: `${doc} --list`,
    why: 'Playwright lists what the command selects; the suite runs it here',
  },
  check: ({ output }) => {
    expect(output, doc).toMatch(/Total: [1-9]\d* tests? in/);
    check?.(output);
  },
});

const contactPageFiles = [
  'mf-contact/src/pages/ContactPage.test.tsx',
  'e2e/tests/contact/contact-page.spec.ts',
];
const hours = (from: string, to: string) => () =>
  edit('shared-content/src/contact/contact-page.ts', (text) => text.replace(from, to));

const guides: Record<string, Step[]> = {
  // Browser steps only, in a preview the other guides' commands open: preview.spec.ts ("the page devtools") and
  // preview-session.spec.ts (Switch remotes, two teams' previews together) take them in a real browser.
  'see-my-remote-in-the-page': [],
  // No command to run: the figures come from visitors' browsers over a canary's life; canary-vitals.spec.ts
  // releases the canaries, makes the page loads in Chromium and reads the status the guide shows.
  'compare-my-canarys-web-vitals': [],
  'change-copy': [
    {
      doc: 'grep -rn "9AM-6PM" shared-content/src',
      check: ({ output }) => expect(output).toContain('shared-content/src/contact/contact-page.ts'),
    },
    { does: 'step 2: change it there, and only there', act: hours('9AM-6PM', '9AM-7PM') },
    {
      doc: 'grep -rn "9AM-6PM" --include=*.ts --include=*.tsx shell mf-* e2e',
      check: ({ output }) => {
        for (const file of contactPageFiles) expect(output).toContain(file);
      },
    },
    {
      does: 'step 3: update the tests that hold the old text',
      act: () => {
        for (const file of contactPageFiles) edit(file, (text) => text.replaceAll('9AM-6PM', '9AM-7PM'));
      },
    },
    { doc: 'npx pnpm exec vitest run --project mf-contact' },
    { does: 'step 5: commit first', act: () => commit('contact: weekday hours 9AM-7PM') },
    { doc: 'npx pnpm build' },
    {
      doc: 'npx pnpm affected HEAD~1...HEAD',
      // The copy is in mf-contact's build alone: the other apps only re-check.
      check: ({ output }) =>
        expect(output).toMatch(/release\W+mf-contact\b(?![^\n]*mf-(marketing|portfolio))/i),
    },
    listed('npx pnpm test:e2e tests/contact/contact-page.spec.ts --project desktop'),
  ],
  'release-from-ci': [
    {
      doc: 'npx pnpm release key create mf-contact --name contact-ci',
      on: 'host',
      check: ({ output }) => {
        const key = output.trim().split('\n').at(-1)?.trim() ?? '';
        expect(key).toMatch(/^\S{20,}$/);
        keys.set('mf-contact', key);
      },
    },
    { doc: 'npx --yes pnpm@10.34.9 install --frozen-lockfile' },
    { doc: 'npx pnpm lint && npx pnpm typecheck' },
    { doc: 'npx pnpm exec vitest run --project mf-contact' },
    { doc: 'npx pnpm build' },
    listed('npx pnpm test:e2e --remote mf-contact --fail-fast', (output) => {
      expect(output).not.toMatch(/\[nginx\]|\[engines\]/);
    }),
    {
      doc: 'npx pnpm release mf-contact --canary 10 --build-dir mf-contact/dist',
      key: 'mf-contact',
      check: ({ output }) => {
        expect(output).toMatch(/now serves 10% of visitors/);
        versions.first = canaryContact();
        versions.before = liveContact();
      },
    },
    {
      doc: 'npx pnpm release status mf-contact',
      key: 'mf-contact',
      check: ({ output }) => expect(output).toContain(versions.first),
    },
    {
      doc: 'npx pnpm release mf-contact promote',
      key: 'mf-contact',
      check: () => expect(liveContact()).toBe(versions.first),
    },
    {
      does: 'a second change, on its way to a canary the team will abort',
      act: hours('9AM-7PM', '9AM-8PM'),
    },
    {
      doc: 'npx pnpm release mf-contact --canary 10 --build-dir mf-contact/dist',
      instead: {
        command:
          'npx pnpm --filter mf-contact build && npx pnpm release mf-contact --canary 10 --build-dir mf-contact/dist',
        why: 'step 3 again on the second change (its build first), so that there is a canary to abort',
      },
      key: 'mf-contact',
    },
    {
      doc: 'npx pnpm release mf-contact abort --reason "forms slow on phones"',
      key: 'mf-contact',
      check: () => expect(canaryContact()).toBe(''),
    },
  ],
  'release-to-staging-then-promote': [
    {
      does: 'the operator starts a host with AGENCY_STAGING=on (as `AGENCY_STAGING=on npm start`) and makes a key',
      act: async () => {
        stagingHost = await runComposedSite(stagingHostEnv, ['--no-build']);
        expect(stagingHost.output()).toContain(`Staging is running at ${stagingOrigin}`);
        const made = await run(
          'npx pnpm release key create mf-contact --name contact-ci',
          repoRoot,
          stagingHostEnv,
        );
        expect(made.status, made.output).toBe(0);
        stagingKeys.set('mf-contact', made.output.trim().split('\n').at(-1)?.trim() ?? '');
        versions.stagingFirst = liveOnStagingHost('production') ?? '';
        expect(liveOnStagingHost('staging')).toBe(versions.stagingFirst);
      },
    },
    {
      doc: 'npx pnpm release mf-contact --build-dir mf-contact/dist',
      host: 'staging',
      key: 'mf-contact',
      check: () => {
        versions.staged = liveOnStagingHost('staging') ?? '';
        expect(versions.staged).not.toBe(versions.stagingFirst);
        expect(liveOnStagingHost('production')).toBe(versions.stagingFirst);
      },
    },
    {
      doc: 'npx pnpm release status mf-contact',
      host: 'staging',
      key: 'mf-contact',
      check: ({ output }) => {
        expect(output).toContain(`staging (${stagingOrigin})`);
        expect(output).toContain('not in production yet: npx pnpm release mf-contact promote-to-production');
      },
    },
    {
      doc: 'npx pnpm release preview mf-contact <version>',
      get instead() {
        return {
          command: `npx pnpm release preview mf-contact ${versions.staged}`,
          why: "the placeholder is the version the release put on staging (read from staging's map)",
        };
      },
      host: 'staging',
      key: 'mf-contact',
      check: async ({ output }) => {
        const link = /https?:\/\/\S+\/__preview\?token=\S+/.exec(output)?.[0] ?? '';
        expect(new URL(link).origin).toBe(stagingOrigin);
        expect((await get(link)).status).toBe(303);
      },
    },
    {
      doc: 'npx pnpm release mf-contact promote-to-production',
      host: 'staging',
      key: 'mf-contact',
      check: ({ output }) => {
        expect(output).toContain(`Promoted mf-contact ${versions.staged} from staging to production`);
        expect(liveOnStagingHost('production')).toBe(versions.staged);
      },
    },
    {
      doc: 'npx pnpm rollback mf-contact',
      host: 'staging',
      key: 'mf-contact',
      check: () => {
        expect(liveOnStagingHost('staging')).toBe(versions.stagingFirst);
        expect(liveOnStagingHost('production')).toBe(versions.staged);
      },
    },
    {
      doc: 'npx pnpm rollback mf-contact --env production',
      host: 'staging',
      key: 'mf-contact',
      check: () => expect(liveOnStagingHost('production')).toBe(versions.stagingFirst),
    },
    {
      doc: 'npx pnpm release log mf-contact',
      host: 'staging',
      key: 'mf-contact',
      check: ({ output }) => {
        expect(output).toContain(
          `${versions.staged} (was ${versions.stagingFirst})  in staging  by contact-ci`,
        );
        expect(output).toContain('in production, promoted from staging  by contact-ci');
      },
    },
    {
      does: "the operator stops the staging guide's host",
      act: async () => {
        await stagingHost?.stop();
        stagingHost = undefined;
      },
    },
  ],
  'roll-back': [
    {
      does: 'a third change released as a canary (release-from-ci.md, step 3): the canary the guide aborts',
      act: async () => {
        hours('9AM-8PM', '9AM-9PM')();
        await perform({
          doc: 'npx pnpm --filter mf-contact build && npx pnpm release mf-contact --canary 10 --build-dir mf-contact/dist',
          key: 'mf-contact',
        });
      },
    },
    {
      doc: 'npx pnpm release mf-contact abort --reason "enquiries fail on Safari"',
      key: 'mf-contact',
      check: () => expect(canaryContact()).toBe(''),
    },
    {
      doc: 'npx pnpm rollback mf-contact --list',
      key: 'mf-contact',
      check: ({ output }) => {
        expect(output).toContain(versions.first);
        expect(output).toContain(versions.before);
      },
    },
    {
      doc: 'npx pnpm rollback mf-contact',
      key: 'mf-contact',
      check: () => expect(liveContact()).toBe(versions.before),
    },
    {
      doc: 'npx pnpm rollback mf-contact 1.0.0-e7f5ef6e',
      get instead() {
        return {
          command: `npx pnpm rollback mf-contact ${versions.first}`,
          why: 'the guide’s example version is one of its try; this is the version the walk released',
        };
      },
      key: 'mf-contact',
      check: () => expect(liveContact()).toBe(versions.first),
    },
    {
      does: 'the team puts the hours back to the live version’s (its tests hold 9AM-7PM)',
      act: hours('9AM-9PM', '9AM-7PM'),
    },
  ],
  'preview-a-remote': [
    {
      doc: 'npx pnpm release mf-contact --preview',
      key: 'mf-contact',
      check: async ({ output }) => {
        const link = /https?:\/\/\S+\/__preview\S*/.exec(output)?.[0] ?? '';
        expect(link, output).not.toBe('');
        expect((await get(link)).status).toBeLessThan(400);
      },
    },
    {
      doc: 'npx pnpm release mf-contact --preview --build-dir mf-contact/dist --hours 8',
      key: 'mf-contact',
      check: ({ output }) => expect(output).toMatch(/\/__preview/),
    },
    {
      doc: 'npx pnpm release preview mf-contact <version>',
      get instead() {
        return {
          command: `npx pnpm release preview mf-contact ${versions.before}`,
          why: 'a version published before',
        };
      },
      key: 'mf-contact',
      check: ({ output }) => expect(output).toMatch(/\/__preview/),
    },
    {
      doc: 'npx pnpm dev mf-contact --against http://localhost:3000',
      instead: {
        command: `npx pnpm dev mf-contact --against ${hostSite}`,
        why: 'the site on this machine is the host’s, on its own ports',
      },
      key: 'mf-contact',
      background: (output) => /Open this link[^\n]*\n\S*\/__preview\S*/.test(output),
      check: async ({ output }) => {
        const link = /(\S*\/__preview\S*)/.exec(output.slice(output.indexOf('Open this link')))?.[1] ?? '';
        expect(link.startsWith(hostSite), output).toBe(true);
        expect((await get(link)).status).toBeLessThan(400);
      },
    },
    {
      doc: 'AGENCY_RELEASE_URL=… AGENCY_RELEASE_KEY=… npx pnpm dev mf-contact --against https://www.example.com',
      get instead() {
        return {
          command: `AGENCY_RELEASE_URL=${serviceUrl} AGENCY_RELEASE_KEY=${keys.get('mf-contact')} npx pnpm dev mf-contact --against ${hostSite}`,
          why: 'the service, key and site of this walk’s host in place of the placeholders',
        };
      },
      background: (output) => /Open this link[^\n]*\n\S*\/__preview\S*/.test(output),
    },
  ],
  'add-an-expose': [
    {
      does: 'steps 1 to 3: the copy, the component, the declaration from the guide’s code block',
      act: () => {
        appendFileSync(
          join(clone, 'shared-content/src/portfolio/categories.ts'),
          "\n/** Home: the line counting the projects. */\nexport const projectCountCopy = { suffix: 'projects delivered across India' } as const;\n",
        );
        create(
          'mf-portfolio/src/sections/ProjectCount.tsx',
          [
            "import { projectCountCopy, projects } from 'shared-content/portfolio';",
            '',
            'export interface ProjectCountProps {',
            "  emphasis?: 'plain' | 'strong';",
            '}',
            '',
            '/** One line counting the projects, bold where it should stand out. */',
            "export function ProjectCount({ emphasis = 'plain' }: ProjectCountProps) {",
            '  const text = [projects.length, projectCountCopy.suffix].join(" ");',
            "  return <p>{emphasis === 'strong' ? <strong>{text}</strong> : text}</p>;",
            '}',
            '',
          ].join('\n'),
        );
        const declaration = guideCode(readGuide(repoRoot, 'add-an-expose'))[0] ?? '';
        edit('mf-portfolio/src/exposes.ts', (text) =>
          text.replace('defineExposes({\n', `defineExposes({\n${declaration}\n`),
        );
      },
    },
    { doc: 'npx pnpm --filter mf-portfolio typecheck' },
    // Its tests of ProjectCount are named under CI=true only when they fail; check:contracts below names it.
    { doc: 'npx pnpm exec vitest run --project mf-portfolio src/exposes.test.ts' },
    {
      doc: 'npx pnpm --filter mf-portfolio build',
      check: () => {
        const manifest = JSON.parse(readFileSync(join(clone, 'mf-portfolio/dist/mf-manifest.json'), 'utf8'));
        expect(manifest.exposes.map(({ name }: { name: string }) => name)).toContain('ProjectCount');
      },
    },
    {
      doc: 'npx pnpm check:contracts',
      check: ({ output }) => expect(output).toContain('Every remote is compatible'),
    },
  ],
  'add-a-route': [
    {
      does: 'steps 1 to 3: the copy, the page, its expose, the route from the guide’s code block',
      act: () => {
        create(
          'shared-content/src/marketing/careers.ts',
          "export const careersCopy = {\n  title: 'Careers',\n  text: 'Work with a remote team of designers, developers and marketers across India.',\n} as const;\n",
        );
        edit('shared-content/src/marketing/index.ts', (text) => `${text}export * from './careers.ts';\n`);
        create(
          'mf-marketing/src/pages/CareersPage.tsx',
          [
            "import { careersCopy } from 'shared-content/marketing';",
            "import { PageHero } from 'shared-content/ui';",
            '',
            '/** /careers: who we look for. */',
            'export function CareersPage() {',
            '  return <PageHero id="careers-title" title={careersCopy.title} text={careersCopy.text} />;',
            '}',
            '',
          ].join('\n'),
        );
        edit('mf-marketing/src/exposes.ts', (text) =>
          text.replace(
            'defineExposes({\n',
            "defineExposes({\n  CareersPage: { file: './pages/CareersPage.tsx', load: () => import('./pages/CareersPage.tsx') },\n",
          ),
        );
        const route = guideCode(readGuide(repoRoot, 'add-a-route'))[0] ?? '';
        edit('shared-content/src/site/routes.ts', (text) =>
          text.replace(
            '\n} as const satisfies Record<string, RouteEntry>;',
            `\n${route}\n} as const satisfies Record<string, RouteEntry>;`,
          ),
        );
      },
    },
    { doc: 'npx pnpm typecheck' },
    { doc: 'npx pnpm exec vitest run --project mf-marketing' },
    { doc: 'npx pnpm format && npx pnpm lint' },
    {
      does: 'step 5: add careers.html to the page writer’s list',
      act: () =>
        edit('platform/pages/src/pages.test.ts', (text) =>
          text.replace("'categories.html',\n", "'careers.html',\n        'categories.html',\n"),
        ),
    },
    { doc: 'npx pnpm exec vitest run --project site-pages' },
    { doc: 'npx pnpm build' },
    {
      doc: 'npx pnpm serve --publish',
      background: async () => (await get(`${teamSite}/careers`).catch(() => ({ status: 0 }))).status === 200,
      check: async () => {
        const curl = await run(
          `curl -s ${teamSite}/careers | grep -o '<title>[^<]*</title>'`,
          clone,
          teamEnv,
          30_000,
        );
        expect(curl.output).toMatch(/<title>Careers \| .+<\/title>/);
      },
    },
    {
      doc: "curl -s http://localhost:3000/careers | grep -o '<title>[^<]*</title>'",
      instead: {
        command: 'true',
        why: 'run above with the clone’s own port while `pnpm serve --publish` was up (the guide runs both at once)',
      },
    },
    listed(
      'npx pnpm test:e2e tests/prerender/hydration.spec.ts tests/quality/seo.spec.ts tests/quality/axe.spec.ts tests/quality/html-validity.spec.ts --project desktop -g careers',
      (output) => expect(output).toMatch(/Total: 4 tests in 4 files/),
    ),
    { doc: 'npx pnpm release mf-marketing', key: 'mf-marketing' },
    {
      doc: 'npx pnpm release shell',
      key: 'shell',
      check: async () => {
        const page = await get(`${hostSite}/careers`);
        expect(page.status).toBe(200);
        expect(page.text).toMatch(/<title>Careers \| /);
      },
    },
  ],
  'run-one-teams-tests': [
    {
      does: 'the team commits what it is about to merge',
      act: () => commit('portfolio: ProjectCount; marketing: /careers'),
    },
    { doc: 'npx pnpm build' },
    {
      doc: 'npx pnpm affected origin/main...HEAD',
      check: ({ output }) => expect(output).toMatch(/mf-marketing/),
    },
    { doc: 'npx pnpm --filter mf-contact typecheck' },
    { doc: 'npx pnpm lint' },
    { doc: 'npx pnpm exec vitest run --project mf-contact' },
    { doc: 'npx pnpm exec vitest run --project mf-contact src/pages/ContactPage.test.tsx' },
    listed('npx pnpm test:e2e --remote mf-contact --fail-fast'),
    listed('npx pnpm test:e2e --remote mf-contact --project=nginx', (output) =>
      expect(output).toContain('[nginx]'),
    ),
    listed('npx pnpm test:e2e tests/contact/faq.spec.ts --project desktop'),
    listed('npx pnpm test:e2e --grep @enquiry-api'),
  ],
};

test.describe('', { tag: ['@composition'] }, () => {
  test.describe.configure({ mode: 'serial' });

  test('the walk runs every command of every how-to, and no other', () => {
    for (const [name, steps] of Object.entries(guides)) {
      const walked = steps.flatMap((step) => ('doc' in step ? [step.doc] : []));
      // A command the guide repeats is walked once; one the walk repeats (a canary made again) is the guide's.
      expect(new Set(walked), name).toEqual(new Set(guideCommands(readGuide(repoRoot, name))));
    }
    const listedGuides = execFileSync('git', ['ls-files', 'docs/how-to/*.md'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !file.endsWith('README.md'))
      .map((file) => file.replace(/^docs\/how-to\/|\.md$/g, ''));
    expect(Object.keys(guides).sort()).toEqual(listedGuides.sort());
  });

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    site = await runComposedSite(hostEnv, ['--no-build']);
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone]);
    // `origin/main` as in a team's clone of the site's repository (this one may be checked out detached).
    if (!git('branch', '-r').includes('origin/main')) git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    for (const scope of ['mf-portfolio', 'mf-marketing', 'shell'] as const) {
      const made = await run(`npx pnpm release key create ${scope} --name ${scope}-walk`, repoRoot, hostEnv);
      expect(made.status, made.output).toBe(0);
      keys.set(scope, made.output.trim().split('\n').at(-1)?.trim() ?? '');
    }
    // What every guide needs: the checkout, installed (the guides' "You need").
    const installed = await run('npx --yes pnpm@10.34.9 install --frozen-lockfile', clone, teamEnv);
    expect(installed.status, installed.output).toBe(0);
    ranAt.set('npx --yes pnpm@10.34.9 install --frozen-lockfile', edits);
  });

  test.afterAll(async () => {
    await stagingHost?.stop();
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  for (const name of Object.keys(guides)) {
    test(`docs/how-to/${name}.md: every command works as written`, async () => {
      test.setTimeout(1_200_000);
      for (const step of guides[name] ?? []) {
        await test.step('doc' in step ? step.doc : step.does, () => perform(step));
      }
    });
  }
});
