/**
 * What each command's help says beside what it declares: its usage lines (which its refusals quote), what it
 * does, its words and its notes. The list of its options is generated from their declarations on commander
 * (command-spec.ts's formatHelp). Apart from the commands' code, so the program can explain and refuse without
 * loading what a command runs (Lighthouse, a release, a server).
 */

import { releaseScopes } from 'build-config/release-protocol';
import {
  enquiryApi,
  enquiryApiBehindProxy,
  portAt,
  releaseServiceBehindProxy,
  remoteNames,
  remotes,
  shell,
} from 'build-config/topology';
import { canaryRuleVariables } from 'deploy-model/canary/rules';
import { smokeTag } from 'dev-tools/affected/e2e-tags';
import { hostsUsage } from 'site-bench/hosts-options';
import { usage as benchUsage } from 'site-bench/options';
import type { CommandSpec } from './command-spec.ts';

/** The flags of npm start; anything else is refused, naming every argument it did not take. */
export const startFlags = ['--no-build', '--publish', '--nginx'];

export const devPortBase = '3100';
export const devDataDir = '.data/dev-enquiry-api';
export const devApps = [shell.folder, ...remoteNames.map((name) => remotes[name].folder), enquiryApi.folder];
const apps = devApps;

/** What a command's help says beside its declarations (command-spec.ts). */
export type HelpText = Pick<CommandSpec, 'usage' | 'about' | 'operands' | 'notes'>;

export const affectedUsage = 'Usage: pnpm affected <git-range> [--json]';

const affected: HelpText = {
  usage: affectedUsage,
  about: `Lists the apps (shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api) that the range's changes touch:
  release  its build includes a changed module (read from its last pnpm build), or it builds from a
           changed package where no build tells: build, test and release it
  check    it only reads a changed app's types (the shell, when a remote changes), a changed library module
           that its build leaves out, or the check setup changed: re-run its typecheck and tests, release nothing
  test     the composed e2e suite must run, and with which tags
and ignores documentation. Exit code 0 whatever it finds.`,
  operands: [
    ['<git-range>', 'origin/main...HEAD (what a pull request changes), main~3..HEAD, or one commit'],
  ],
};

export const devUsage = `Usage: pnpm dev [<app>]
       pnpm dev <remote> --against <site url>`;

const dev: HelpText = {
  usage: devUsage,
  about: `Every dev server (${apps.join(', ')}) and the enquiry API, the shell at http://localhost:${devPortBase}
composing the remotes; or one app alone, e.g. pnpm dev mf-portfolio (its standalone page lists its exposes).
Ports from AGENCY_PORT_BASE (default ${devPortBase} in development), the API's data in ENQUIRY_DATA_DIR
(default ${devDataDir}): never those of npm start (3000, .data/enquiry-api) or the e2e suite (4100).`,
};

export const nginxConfigUsage =
  'usage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…';

/** The loopback ports nginx passes the services' requests to (nginx-config's --services), for a port base. */
export const servicePortsBehindNginx = (base: number): number[] =>
  [enquiryApiBehindProxy, releaseServiceBehindProxy].map((app) => portAt(app, base));

const nginxConfig: HelpText = {
  usage: nginxConfigUsage,
  about: `Writes nginx's configuration for the deploy folder (default: AGENCY_DEPLOY_DIR, else deploy/) into <file>, and
the njs module it loads (site.js) beside it; nginx's pid, logs and temporary files go in the same folder. The
ports are the site's (AGENCY_PORT_BASE), the addresses AGENCY_HOST's (unset: loopback), the trusted proxies
AGENCY_TRUST_PROXY's, as for npm start.`,
};

export const releaseUsage = `Usage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
       pnpm release <remote-folder> --stages <p1,p2,…,100> --hold <30s|10m|2h> [--canary <p1>]
       pnpm release <remote-folder> promote | abort [--reason <text>]
       pnpm release <remote-folder> --preview [--hours <h>] [--build-dir <dir>] [--force]
       pnpm release preview <remote-folder> <version> [--hours <h>]
       pnpm release preview revoke <remote-folder> [<link>]
       pnpm release shell [--build-dir <dir>] [--force]
       pnpm release status [<remote-folder>]
       pnpm release watch [--once]
       pnpm release log [<remote-folder> | shell] [--limit <n>]
       pnpm release key create <remote-folder | shell> [--name <name>] | key list | key revoke <name>`;

const release: HelpText = {
  usage: releaseUsage,
  about: `Builds that remote here (or takes --build-dir), uploads it to the release service, which checks it against
the live shell (exposes the shell imports, singleton versions), publishes it into deploy/<remote-folder>/<version>/
and makes it live in the environment's remotes.json: for everyone, or with --canary for a share of the visitors
beside the live (default) version. The service answers with what it did, printed here.`,
  operands: [
    ['<remote-folder>', 'mf-marketing, mf-portfolio or mf-contact'],
    ['promote', 'the canary becomes the default for everyone; the old default leaves the map'],
    ['abort', 'the canary leaves the map, the default serves everyone again (--reason: why, for the log)'],
    [
      'promote-to-production',
      "pnpm release <remote-folder> promote-to-production [<version>], on a host with staging (AGENCY_STAGING=on, where a release lands first): staging's version (by default the live one) made live in production as the same build, checked by digest; for everyone, or with --canary or --stages for a share; pnpm release shell promote-to-production: staging's shell",
    ],
  ],
  notes: `A plain release during a canary replaces both the canary and the default.
Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline: the service's URL and a key for its
remote); without them, the release service of this host (AGENCY_PORT_BASE + 11) with the host's own key, or one
started for this command when the site is not running (AGENCY_DEPLOY_DIR, default deploy).
The service reads: AGENCY_REMOTES_ORIGIN (a CDN origin), AGENCY_HEALTH_URL and ENQUIRY_HEALTH_KEY (the enquiry
API's health counts), AGENCY_CANARY_CHECK_SECONDS (watch, default 30), ${Object.keys(canaryRuleVariables).join(', ')}.
Undo with: pnpm rollback <remote-folder> [version]`,
};

/** `pnpm release key`: the operator's, on the host (release-key.ts reads it, releases' key-command.ts runs it). */
export const keyUsage = `Usage: pnpm release key create <scope> [--name <name>]
       pnpm release key list
       pnpm release key revoke <name>`;

const key: HelpText = {
  usage: keyUsage,
  operands: [
    ['create', `a key for one scope (${releaseScopes.join(', ')}); printed once, on the last line`],
    ['list', "every key's name, scope, creation and revocation (never the key)"],
    ['revoke', 'the key stops working at once; its name stays taken, so the audit log stays readable'],
  ],
};

export const rollbackUsage = 'Usage: pnpm rollback <remote-folder> [version] [--list] [--force]';

const rollback: HelpText = {
  usage: rollbackUsage,
  about: "Makes an earlier published version of that remote live again in this environment's remotes.json.",
  operands: [
    ['<remote-folder>', 'mf-marketing, mf-portfolio or mf-contact'],
    ['[version]', 'a published version (see --list); default: the one published before the live one'],
  ],
  notes: `On a host with staging (AGENCY_STAGING=on), staging's version is rolled back, production's with --env production.
Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline), else this host's release service.`,
};

/**
 * test:e2e hands every argument but its own two to Playwright, which reads them and explains its own options
 * after this text: its own two are listed here, as Playwright's are there.
 */
export const testE2eUsage = `Usage: pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright's arguments]

  Runs the e2e suite (Playwright, in Chromium) against the production build: run pnpm build first.
  --remote <folder>  only the specs tagged with that remote (mf-marketing, mf-portfolio, mf-contact) and the
                     composition smoke (${smokeTag}: shared singletons, every route hydrating without a mismatch)
  --fail-fast        stop at the first failure (Playwright's --max-failures=1)
  Everything else goes to Playwright as it is: spec files, -g <title>, --project=desktop, --list…
  Projects: desktop, mobile, delivery, outage (the outage timings, handed out last), and nginx (the specs that
  hold nginx to the embedded host's behaviour, against the same deploy served by nginx; docs/testing.md, "Two
  hosts").`;

export const checkContractsUsage = 'Usage: pnpm check:contracts (after pnpm build)';

export const testUsage = 'usage: npm test [-- --raise-floor]';

const start: HelpText = {
  usage: `Usage: npm start [-- --publish] [-- --nginx]
       pnpm serve [--publish] [--nginx]`,
  about: `Serves the deploy folder (AGENCY_DEPLOY_DIR, default deploy/) as it was left: the shell and each remote on
its own port (AGENCY_PORT_BASE, default 3000), the enquiry API and the release service beside them. Into an
empty deploy folder, or with --publish, it first builds the four apps and publishes them for everyone.
Ctrl+C stops everything.`,
};

const test: HelpText = {
  usage: testUsage,
  about: `Every check in one command: typecheck, lint, the production build, the contract check, the unit tests and the
e2e suite. A failing step does not stop the others; it ends with "N passed, N failed, N skipped" (also in
reports/summary.txt), and fails when fewer tests ran than test-floor.json says.`,
};

const checkContracts: HelpText = {
  usage: checkContractsUsage,
  about: `Checks every remote's dist/mf-manifest.json against the shell's build: the exposes the shell imports and the
remote declares, the shared singleton versions, the site-router exports the remote imports. Prints ok or FAIL
per remote; exit code 1 when one fails.`,
};

const bench: HelpText = {
  usage: benchUsage,
  about: `Builds the site twice (federated, and as one ordinary bundle), serves both and prints Lighthouse's and the
phone profile's figures for each route (docs/performance.md). It is not a test.`,
};

const benchHosts: HelpText = {
  usage: hostsUsage,
  about: `The same deploy served by the embedded host and by nginx, each loaded on loopback with autocannon: requests/s,
p50 and p99 of a page, a 20 kB chunk and remotes.json.`,
};

const fonts: HelpText = {
  usage: 'Usage: pnpm fonts',
  about: `Cuts the shell's small Inter faces (platform/pages/src/fonts.ts) from the committed Latin and latin-ext files
into shell/src/assets/fonts/. Run it after the site's copy starts using a character the core face lacks, then
update the core face's unicode-range in shell/src/assets/fonts/inter.css (its unit test says to what).`,
};

const ogImage: HelpText = {
  usage: 'Usage: pnpm og-image',
  about: `Renders the social card shell/public/og-image.png (1200×630) from platform/pages/src/og-image.ts with headless
Chromium. Run it after changing the brand, tagline or palette.`,
};

const releaseService: HelpText = {
  usage: 'Usage: pnpm release-service',
  about: `The release service on its own, for a host where a service manager (systemd) runs it apart from the static
hosts; npm start runs the same service beside the site. It stops on SIGTERM or SIGINT once the changes in
flight are done. It reads AGENCY_DEPLOY_DIR, AGENCY_RELEASE_HOST (default 127.0.0.1) and AGENCY_RELEASE_PORT
(default AGENCY_PORT_BASE + 11).`,
};

/**
 * release's forms that start with a word of their own; `pnpm release <remote-folder> …` is release's own. Each
 * names the options it takes (shown in its help; the others are declared too, to be refused in its words).
 */
const releaseForms = [
  {
    name: 'status',
    summary: "live versions, their traffic and health, the canary check's verdict, the last auto-abort",
    usage: 'Usage: pnpm release status [<remote-folder>]',
    about: `Live versions, their traffic and health, the canary check's verdict and the last automatic abort, for every
remote or the one named.`,
    takes: [],
    examples: ['pnpm release status', 'pnpm release status mf-portfolio'],
  },
  {
    name: 'watch',
    summary: 'check every canary now and then, aborting those clearly worse (--once: one check)',
    usage: 'Usage: pnpm release watch [--once]',
    about: `Checks every canary every AGENCY_CANARY_CHECK_SECONDS (default 30) and aborts one clearly worse than its
default version (the release service does it too).`,
    takes: ['once'],
    examples: ['pnpm release watch --once'],
  },
  {
    name: 'log',
    summary:
      "every change, newest last: who (the key's name, operator, automatic, start), what, when, from which address",
    usage: 'Usage: pnpm release log [<remote-folder> | shell] [--limit <n>] [--uploads]',
    about: `The release service's audit log: every change, newest last, with who made it (the key's name, operator,
automatic, start), what, when and from which address.`,
    takes: ['limit', 'uploads'],
    examples: ['pnpm release log', 'pnpm release log mf-portfolio --limit 10', 'pnpm release log --uploads'],
  },
  {
    name: 'preview',
    summary: 'a preview link for a version already published (pnpm rollback --list names them)',
    usage: `Usage: pnpm release preview <remote-folder> <version> [--hours <h>]
       pnpm release preview revoke <remote-folder> [<link>]`,
    about: `Prints a link (last line) that puts the browser opening it, alone, on that published version of the remote on
every page, with a banner. pnpm rollback <remote-folder> --list names the versions.
revoke ends one link (as printed) before it expires, or without one every link of the remote made until now;
a browser in that preview leaves it on its next page. Revoking a key ends every link it made.`,
    takes: ['hours', 'env'],
    examples: [
      'pnpm release preview mf-portfolio 1a2b3c4d5e6f --hours 4',
      'pnpm release preview revoke mf-portfolio',
    ],
  },
  {
    name: 'shell',
    summary: 'build the shell, check every live remote version against it, publish it, write the pages',
    usage: `Usage: pnpm release shell [--build-dir <dir>] [--force]
       pnpm release shell promote-to-production [<version>]`,
    about: `Builds the shell, checks every live remote version against it, publishes it and writes the pages again.
--build-dir: a folder with the shell's dist/ and dist-server/; --force: publish despite a failed check.
On a host with staging (AGENCY_STAGING=on) it lands on staging; promote-to-production makes staging's shell
production's, the same build (its version is a digest of its files), checked against production's live remotes.`,
    takes: ['build-dir', 'force'],
    examples: ['pnpm release shell', 'pnpm release shell --build-dir ci/shell'],
  },
  {
    name: 'key',
    summary:
      'on the host: create a key for one remote or the shell (printed once, on the last line), list the keys (never the keys themselves), revoke one by name',
    ...key,
    takes: ['name'],
    examples: [
      'pnpm release key create mf-portfolio --name portfolio-ci',
      'pnpm release key list',
      'pnpm release key revoke portfolio-ci',
    ],
  },
] as const;

export const helps = {
  affected,
  dev,
  nginxConfig,
  release,
  rollback,
  start,
  test,
  checkContracts,
  bench,
  benchHosts,
  fonts,
  ogImage,
  releaseService,
  releaseForms,
};
