/**
 * Every command's usage text, which its --help prints and its refusals quote: apart from the commands' code,
 * so the program can explain and refuse without loading what a command runs (Lighthouse, a release, a server).
 */

import { releaseScopes } from 'build-config/release-protocol';
import {
  enquiryApi,
  enquiryApiBehindProxy,
  originOf,
  releaseServiceBehindProxy,
  remoteNames,
  remotes,
  shell,
} from 'build-config/topology';
import { canaryRuleVariables } from 'deploy-model/canary/rules';
import { smokeTag } from 'dev-tools/affected/e2e-tags';
import { hostsUsage } from 'site-bench/hosts-options';
import { usage as benchUsage } from 'site-bench/options';

/** The flags of npm start; anything else is refused, naming every argument it did not take. */
export const startFlags = ['--no-build', '--publish', '--nginx'];

export const devPortBase = '3100';
export const devDataDir = '.data/dev-enquiry-api';
export const devApps = [shell.folder, ...remoteNames.map((name) => remotes[name].folder), enquiryApi.folder];
const apps = devApps;

export const affectedUsage = `Usage: pnpm affected <git-range> [--json]

  Lists the apps (shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api) that the range's changes touch:
    release  its build includes a changed module (read from its last pnpm build), or it builds from a
             changed package where no build tells: build, test and release it
    check    it only reads a changed app's types (the shell, when a remote changes), a changed library module
             that its build leaves out, or the check setup changed: re-run its typecheck and tests, release nothing
    test     the composed e2e suite must run, and with which tags
  and ignores documentation. Exit code 0 whatever it finds.

  <git-range>  origin/main...HEAD (what a pull request changes), main~3..HEAD, or one commit
  --json       one JSON object for pipelines: release, check, suite.run, and why (use pnpm --silent)`;

export const devUsage = `Usage: pnpm dev [<app>]
       pnpm dev <remote> --against <site url>

  Every dev server (${apps.join(', ')}) and the enquiry API, the shell at http://localhost:${devPortBase}
  composing the remotes; or one app alone, e.g. pnpm dev mf-portfolio (its standalone page lists its exposes).
  Ports from AGENCY_PORT_BASE (default ${devPortBase} in development), the API's data in ENQUIRY_DATA_DIR
  (default ${devDataDir}): never those of npm start (3000, .data/enquiry-api) or the e2e suite (4100).

  --against <site url>  only that remote's dev server, and a link (printed, and opened here) that makes the
                        browser opening it load the remote from that dev server inside the given site, local or
                        deployed; no other browser. The site's release service signs it: AGENCY_RELEASE_URL and
                        AGENCY_RELEASE_KEY (a key for that remote), or the service of the site running here.`;

export const nginxConfigUsage = `usage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…

Writes nginx's configuration for the deploy folder (default: AGENCY_DEPLOY_DIR, else deploy/) into <file>, and
the njs module it loads (site.js) beside it; nginx's pid, logs and temporary files go in the same folder. The
ports are the site's (AGENCY_PORT_BASE), the addresses AGENCY_HOST's (unset: loopback), the trusted proxies
AGENCY_TRUST_PROXY's, as for npm start.
  --services          also listen on the enquiry API's and the release service's ports and pass their requests
                      to them on loopback at ports ${originOf(enquiryApiBehindProxy).split(':').pop()} and ${originOf(releaseServiceBehindProxy).split(':').pop()} (run them there: ENQUIRY_PORT, AGENCY_RELEASE_PORT)
  --tls-certificate, --tls-key
                      serve https on every port with this certificate and key (PEM), with Strict-Transport-Security
  --server-name       the site's host name (server_name); default: any
  --user              the workers' user when nginx starts as root (default: the deploy folder's owner;
                      it must read the deploy folder)
  --trust-proxy-from  a CDN's or proxy's address or CIDR range whose X-Forwarded-For names the visitor
                      (repeat for each; default: AGENCY_TRUST_PROXY_FROM, comma-separated)`;

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
       pnpm release key create <remote-folder | shell> [--name <name>] | key list | key revoke <name>

  Builds that remote here (or takes --build-dir), uploads it to the release service, which checks it against
  the live shell (exposes the shell imports, singleton versions), publishes it into deploy/<remote-folder>/<version>/
  and makes it live in the environment's remotes.json: for everyone, or with --canary for a share of the visitors
  beside the live (default) version. The service answers with what it did, printed here.

  <remote-folder>      mf-marketing, mf-portfolio or mf-contact
  --canary <percent>   serve the new version to 1–99% of visitors; the default version keeps the rest
  --stages, --hold     a staged rollout: a canary at the first stage, one stage further after each hold while
                       it is healthy (100 promotes it), aborted when it is clearly worse (docs/releasing.md)
  --build-dir <dir>    release an existing build folder instead of building (e.g. a CI artifact)
  --force              release even if the contract check fails (its slots will show their fallback)
  promote              the canary becomes the default for everyone; the old default leaves the map
  abort                the canary leaves the map, the default serves everyone again (--reason: why, for the log)
  --preview            publish without traffic and print a link (last line) that puts the browser opening it,
                       alone, on that version on every page, with a banner (--hours: how long, default 2)
  preview              a preview link for a version already published (pnpm rollback --list names them)
  shell                build the shell, check every live remote version against it, publish it, write the pages
                       (--build-dir: a folder with the shell's dist/ and dist-server/; --force: despite breaking)
  status               live versions, their traffic and health, the canary check's verdict, the last auto-abort
  watch                check every canary now and then, aborting those clearly worse (--once: one check)
  log                  every change, newest last: who (the key's name, operator, automatic, start), what, when,
                       from which address (--limit: the last n, default 50)
  key                  on the host: create a key for one remote or the shell (printed once, on the last line),
                       list the keys (never the keys themselves), revoke one by name

  A plain release during a canary replaces both the canary and the default.
  Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline: the service's URL and a key for its
  remote); without them, the release service of this host (AGENCY_PORT_BASE + 11) with the host's own key, or one
  started for this command when the site is not running (AGENCY_DEPLOY_DIR, default deploy).
  The service reads: AGENCY_REMOTES_ORIGIN (a CDN origin), AGENCY_HEALTH_URL and ENQUIRY_HEALTH_KEY (the enquiry
  API's health counts), AGENCY_CANARY_CHECK_SECONDS (watch, default 30), ${Object.keys(canaryRuleVariables).join(', ')}.
  Undo with: pnpm rollback <remote-folder> [version]`;

/** `pnpm release key`: the operator's, on the host (release-key.ts reads it, releases' key-command.ts runs it). */
export const keyUsage = `Usage: pnpm release key create <scope> [--name <name>]
       pnpm release key list
       pnpm release key revoke <name>

  create   a key for one scope (${releaseScopes.join(', ')}); printed once, on the last line
  list     every key's name, scope, creation and revocation (never the key)
  revoke   the key stops working at once; its name stays taken, so the audit log stays readable`;

export const rollbackUsage = `Usage: pnpm rollback <remote-folder> [version] [--list] [--force]

  Makes an earlier published version of that remote live again in this environment's remotes.json.

  <remote-folder>  mf-marketing, mf-portfolio or mf-contact
  [version]        a published version (see --list); default: the one published before the live one
  --list           list the published versions, oldest first, and which one is live
  --force          roll back even if that version fails the contract check against the current shell

  Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline), else this host's release service.`;

export const testE2eUsage = `Usage: pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright's arguments]

  Runs the e2e suite (Playwright, in Chromium) against the production build: run pnpm build first.
  --remote <folder>  only the specs tagged with that remote (mf-marketing, mf-portfolio, mf-contact) and the
                     composition smoke (${smokeTag}: shared singletons, every route hydrating without a mismatch)
  --fail-fast        stop at the first failure (Playwright's --max-failures=1)
  Everything else goes to Playwright as it is: spec files, -g <title>, --project=desktop, --list…
  Projects: desktop, mobile, delivery, and nginx (the specs that hold nginx to the embedded host's behaviour,
  against the same deploy served by nginx; docs/testing.md, "Two hosts").`;

export const checkContractsUsage = 'Usage: pnpm check:contracts (after pnpm build)';

export const testUsage = 'usage: npm test [-- --raise-floor]';

const start = `Usage: npm start [-- --publish] [-- --nginx]
       pnpm serve [--publish] [--nginx]

  Serves the deploy folder (AGENCY_DEPLOY_DIR, default deploy/) as it was left: the shell and each remote on
  its own port (AGENCY_PORT_BASE, default 3000), the enquiry API and the release service beside them. Into an
  empty deploy folder, or with --publish, it first builds the four apps and publishes them for everyone.
  Ctrl+C stops everything.

  --publish   build and publish the builds for everyone, even into a live deploy (release log: start --publish)
  --no-build  publish the builds already in dist/ instead of building (pnpm serve passes it)
  --nginx     serve the same ports with Debian's nginx (installed with apt when missing, as root), the API and
              the release service behind it`;

const test = `${testUsage}

  Every check in one command: typecheck, lint, the production build, the contract check, the unit tests and the
  e2e suite. A failing step does not stop the others; it ends with "N passed, N failed, N skipped" (also in
  reports/summary.txt), and fails when fewer tests ran than test-floor.json says.

  --raise-floor  after a green run, raise test-floor.json to this run's counts`;

const checkContracts = `${checkContractsUsage}

  Checks every remote's dist/mf-manifest.json against the shell's build: the exposes the shell imports and the
  remote declares, the shared singleton versions, the site-router exports the remote imports. Prints ok or FAIL
  per remote; exit code 1 when one fails.`;

const bench = `${benchUsage}

  Builds the site twice (federated, and as one ordinary bundle), serves both and prints Lighthouse's and the
  phone profile's figures for each route (docs/performance.md). It is not a test.

  --no-build         measure the builds already there
  --runs N           runs per route and site, 1 to 10 (default 3)
  --routes /,/a      the routes, comma-separated (default /,/services,/portfolio,/contact)
  --phone-only       only the phone profile; --lighthouse-only: only Lighthouse
  --verbose          each phone run's JavaScript per file`;

const benchHosts = `${hostsUsage}

  The same deploy served by the embedded host and by nginx, each loaded on loopback with autocannon: requests/s,
  p50 and p99 of a page, a 20 kB chunk and remotes.json.

  --duration <s>      seconds per target and host, 1 to 60 (default 10)
  --connections <n>   concurrent connections, 1 to 100 (default 10)
  --hosts <list>      embedded, nginx or both (default both)`;

const fonts = `Usage: pnpm fonts

  Cuts the shell's small Inter faces (platform/pages/src/fonts.ts) from the committed Latin and latin-ext files
  into shell/src/assets/fonts/. Run it after the site's copy starts using a character the core face lacks, then
  update the core face's unicode-range in shell/src/assets/fonts/inter.css (its unit test says to what).`;

const ogImage = `Usage: pnpm og-image

  Renders the social card shell/public/og-image.png (1200×630) from platform/pages/src/og-image.ts with headless
  Chromium. Run it after changing the brand, tagline or palette.`;

const releaseService = `Usage: pnpm release-service

  The release service on its own, for a host where a service manager (systemd) runs it apart from the static
  hosts; npm start runs the same service beside the site. It stops on SIGTERM or SIGINT once the changes in
  flight are done. It reads AGENCY_DEPLOY_DIR, AGENCY_RELEASE_HOST (default 127.0.0.1) and AGENCY_RELEASE_PORT
  (default AGENCY_PORT_BASE + 11).`;

/** release's forms that start with a word of their own; `pnpm release <remote-folder> …` is release's own. */
const releaseForms = [
  {
    name: 'status',
    summary: 'live versions, traffic, health, the canary verdict, the last automatic abort',
    help: `Usage: pnpm release status [<remote-folder>]

  Live versions, their traffic and health, the canary check's verdict and the last automatic abort, for every
  remote or the one named.`,
    examples: ['pnpm release status', 'pnpm release status mf-portfolio'],
  },
  {
    name: 'watch',
    summary: 'check every canary now and then, aborting those clearly worse',
    help: `Usage: pnpm release watch [--once]

  Checks every canary every AGENCY_CANARY_CHECK_SECONDS (default 30) and aborts one clearly worse than its
  default version (the release service does it too).

  --once  one check, then exit`,
    examples: ['pnpm release watch --once'],
  },
  {
    name: 'log',
    summary: 'every change, newest last: who, what, when, from where',
    help: `Usage: pnpm release log [<remote-folder> | shell] [--limit <n>] [--uploads]

  The release service's audit log: every change, newest last, with who made it (the key's name, operator,
  automatic, start), what, when and from which address.

  --limit <n>  the last n changes, 1 to 10000 (default 50)
  --uploads    every upload too, accepted or refused: the key's name (no key, unknown key), the address, the
               version once checked, the status and why it was refused`,
    examples: ['pnpm release log', 'pnpm release log mf-portfolio --limit 10', 'pnpm release log --uploads'],
  },
  {
    name: 'preview',
    summary: 'a preview link for a version already published',
    help: `Usage: pnpm release preview <remote-folder> <version> [--hours <h>]
       pnpm release preview revoke <remote-folder> [<link>]

  Prints a link (last line) that puts the browser opening it, alone, on that published version of the remote on
  every page, with a banner. pnpm rollback <remote-folder> --list names the versions.
  revoke ends one link (as printed) before it expires, or without one every link of the remote made until now;
  a browser in that preview leaves it on its next page. Revoking a key ends every link it made.

  --hours <h>  how long the link works (default 2)`,
    examples: [
      'pnpm release preview mf-portfolio 1a2b3c4d5e6f --hours 4',
      'pnpm release preview revoke mf-portfolio',
    ],
  },
  {
    name: 'shell',
    summary: 'build the shell, check every live remote version against it, publish it',
    help: `Usage: pnpm release shell [--build-dir <dir>] [--force]

  Builds the shell, checks every live remote version against it, publishes it and writes the pages again.

  --build-dir <dir>  a folder with the shell's dist/ and dist-server/ instead of building
  --force            publish despite a failed check`,
    examples: ['pnpm release shell', 'pnpm release shell --build-dir ci/shell'],
  },
  {
    name: 'key',
    summary: "on the host: create, list or revoke the release service's keys",
    help: '',
    examples: [
      'pnpm release key create mf-portfolio --name portfolio-ci',
      'pnpm release key list',
      'pnpm release key revoke portfolio-ci',
    ],
  },
] as const;

export const helps = {
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
