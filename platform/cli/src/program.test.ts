/**
 * The program (main.ts) run as the root scripts run it. The refusals and help texts below were recorded from the
 * entry files before they became commands of one program: the same bytes on stderr, the same exit codes. The
 * helps' lists of options are generated since (command-spec.ts): a help keeps its usage lines and explains every
 * word and option it did (explainsAsBefore).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');

function program(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Ran> {
  return new Promise((done) => {
    execFile(
      tsx,
      ['platform/cli/src/main.ts', ...args],
      { cwd: repoRoot, env, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const commands = [
  'start',
  'test',
  'test:e2e',
  'dev',
  'release',
  'rollback',
  'affected',
  'check:contracts',
  'nginx-config',
  'bench',
  'bench:hosts',
  'fonts',
  'og-image',
  'release-service',
];
const releaseForms = ['status', 'watch', 'log', 'preview', 'shell', 'key'];
// test:e2e's help goes on to Playwright's, run through the workspace's own pnpm.
const withPnpm = { ...process.env, AGENCY_PNPM: join(repoRoot, 'node_modules', '.bin', 'pnpm') };
const refusals: [string[], string, number][] = [
  [
    ['affected'],
    'Name the git range, such as origin/main...HEAD.\nUsage: pnpm affected <git-range> [--json]  (--help explains)\n',
    2,
  ],
  [
    ['affected', 'a', 'b'],
    'One git range at a time, got: a b.\nUsage: pnpm affected <git-range> [--json]  (--help explains)\n',
    2,
  ],
  [
    ['affected', 'HEAD', '--bogus'],
    "Unknown option '--bogus'.\nUsage: pnpm affected <git-range> [--json]  (--help explains)\n",
    2,
  ],
  [
    ['affected', 'HEAD', '--json=1'],
    "Option '--json' does not take an argument\nUsage: pnpm affected <git-range> [--json]  (--help explains)\n",
    2,
  ],
  [
    ['affected', 'nosuchref..HEAD'],
    'Unknown commit "nosuchref" in the range "nosuchref..HEAD". (A shallow clone may not have it: fetch more history.)\nUsage: pnpm affected <git-range> [--json]  (--help explains)\n',
    2,
  ],
  [
    ['rollback', 'shell'],
    'The shell is not a remote: it is released with pnpm release shell, as a whole (no canary, no rollback).\nUsage: pnpm rollback <remote-folder> [version] [--list] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['rollback'],
    'Name the remote: one of mf-marketing, mf-portfolio, mf-contact.\nUsage: pnpm rollback <remote-folder> [version] [--list] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['rollback', 'mf-portfolio', '--list', '--force'],
    '--list takes no version and no --force.\nUsage: pnpm rollback <remote-folder> [version] [--list] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release'],
    'Name the remote: one of mf-marketing, mf-portfolio, mf-contact.\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release', 'status', '--force'],
    'status takes no --force.\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release', 'mf-portfolio', '--bogus'],
    "Unknown option '--bogus'.\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n",
    2,
  ],
  [
    ['release', 'key', 'frob'],
    'Unknown key command "frob".\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release', 'log', '--limit', '0'],
    '--limit takes a whole number from 1 to 10000, got "0".\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release', 'mf-portfolio', '--canary', '150'],
    '--canary takes the percent of visitors who get the new version, a whole number from 1 to 99; got "150".\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    2,
  ],
  [
    ['release', 'mf-portfolio', '--canary'],
    "Option '--canary <value>' argument missing\nUsage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n",
    2,
  ],
  [['start', '--bogus'], 'Unknown argument --bogus; start takes --no-build, --publish, --nginx only.\n', 2],
  [['test', '--bogus'], "Unknown option '--bogus'.\nusage: npm test [-- --raise-floor]\n", 2],
  [
    ['nginx-config'],
    'Say where to write the configuration: --out <file>.\nusage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…  (--help explains)\n',
    2,
  ],
  [
    ['nginx-config', '--out', '/tmp/x.conf', '--trust-proxy-from', 'nope'],
    '--trust-proxy-from takes an address or CIDR range, got "nope".\nusage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…  (--help explains)\n',
    2,
  ],
  [
    ['dev', 'nope'],
    'Unknown app "nope". Choose one of: shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api.\nUsage: pnpm dev [<app>]  (--help explains)\n',
    2,
  ],
  [
    ['test:e2e', '--remote', 'nope'],
    'Unknown remote "nope" for --remote: one of mf-marketing, mf-portfolio, mf-contact.\nUsage: pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright\'s arguments]  (--help explains)\n',
    2,
  ],
  [
    ['bench', '--runs', '99'],
    '--runs must be a whole number from 1 to 10\nusage: pnpm bench [--no-build] [--runs N] [--routes /,/contact] [--phone-only | --lighthouse-only] [--verbose]\n',
    2,
  ],
  [
    ['bench', '--bogus'],
    "Unknown option '--bogus'.\nusage: pnpm bench [--no-build] [--runs N] [--routes /,/contact] [--phone-only | --lighthouse-only] [--verbose]\n",
    2,
  ],
  [
    ['bench:hosts', '--hosts', 'apache'],
    '--hosts takes embedded, nginx; "apache" is neither\nusage: pnpm bench:hosts [--duration 10] [--connections 10] [--hosts embedded,nginx]   (after pnpm build)  (--help explains)\n',
    2,
  ],
];
const helpsBefore: [string[], string][] = [
  [
    ['affected'],
    "Usage: pnpm affected <git-range> [--json]\n\n  Lists the apps (shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api) that the range's changes touch:\n    release  its build includes a changed module (read from its last pnpm build), or it builds from a\n             changed package where no build tells: build, test and release it\n    check    it only reads a changed app's types (the shell, when a remote changes), a changed library module\n             that its build leaves out, or the check setup changed: re-run its typecheck and tests, release nothing\n    test     the composed e2e suite must run, and with which tags\n  and ignores documentation. Exit code 0 whatever it finds.\n\n  <git-range>  origin/main...HEAD (what a pull request changes), main~3..HEAD, or one commit\n  --json       one JSON object for pipelines: release, check, suite.run, and why (use pnpm --silent)\n",
  ],
  [
    ['rollback'],
    "Usage: pnpm rollback <remote-folder> [version] [--list] [--force]\n\n  Makes an earlier published version of that remote live again in this environment's remotes.json.\n\n  <remote-folder>  mf-marketing, mf-portfolio or mf-contact\n  [version]        a published version (see --list); default: the one published before the live one\n  --list           list the published versions, oldest first, and which one is live\n  --force          roll back even if that version fails the contract check against the current shell\n\n  Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline), else this host's release service.\n",
  ],
  [
    ['release'],
    "Usage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]\n       pnpm release <remote-folder> --stages <p1,p2,…,100> --hold <30s|10m|2h> [--canary <p1>]\n       pnpm release <remote-folder> promote | abort [--reason <text>]\n       pnpm release <remote-folder> --preview [--hours <h>] [--build-dir <dir>] [--force]\n       pnpm release preview <remote-folder> <version> [--hours <h>]\n       pnpm release preview revoke <remote-folder> [<link>]\n       pnpm release shell [--build-dir <dir>] [--force]\n       pnpm release status [<remote-folder>]\n       pnpm release watch [--once]\n       pnpm release log [<remote-folder> | shell] [--limit <n>]\n       pnpm release key create <remote-folder | shell> [--name <name>] | key list | key revoke <name>\n\n  Builds that remote here (or takes --build-dir), uploads it to the release service, which checks it against\n  the live shell (exposes the shell imports, singleton versions), publishes it into deploy/<remote-folder>/<version>/\n  and makes it live in the environment's remotes.json: for everyone, or with --canary for a share of the visitors\n  beside the live (default) version. The service answers with what it did, printed here.\n\n  <remote-folder>      mf-marketing, mf-portfolio or mf-contact\n  --canary <percent>   serve the new version to 1–99% of visitors; the default version keeps the rest\n  --stages, --hold     a staged rollout: a canary at the first stage, one stage further after each hold while\n                       it is healthy (100 promotes it), aborted when it is clearly worse (docs/releasing.md)\n  --build-dir <dir>    release an existing build folder instead of building (e.g. a CI artifact)\n  --force              release even if the contract check fails (its slots will show their fallback)\n  promote              the canary becomes the default for everyone; the old default leaves the map\n  abort                the canary leaves the map, the default serves everyone again (--reason: why, for the log)\n  --preview            publish without traffic and print a link (last line) that puts the browser opening it,\n                       alone, on that version on every page, with a banner (--hours: how long, default 2)\n  preview              a preview link for a version already published (pnpm rollback --list names them)\n  shell                build the shell, check every live remote version against it, publish it, write the pages\n                       (--build-dir: a folder with the shell's dist/ and dist-server/; --force: despite breaking)\n  status               live versions, their traffic and health, the canary check's verdict, the last auto-abort\n  watch                check every canary now and then, aborting those clearly worse (--once: one check)\n  log                  every change, newest last: who (the key's name, operator, automatic, start), what, when,\n                       from which address (--limit: the last n, default 50)\n  key                  on the host: create a key for one remote or the shell (printed once, on the last line),\n                       list the keys (never the keys themselves), revoke one by name\n\n  A plain release during a canary replaces both the canary and the default.\n  Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline: the service's URL and a key for its\n  remote); without them, the release service of this host (AGENCY_PORT_BASE + 11) with the host's own key, or one\n  started for this command when the site is not running (AGENCY_DEPLOY_DIR, default deploy).\n  The service reads: AGENCY_REMOTES_ORIGIN (a CDN origin), AGENCY_HEALTH_URL and ENQUIRY_HEALTH_KEY (the enquiry\n  API's health counts), AGENCY_CANARY_CHECK_SECONDS (watch, default 30), AGENCY_CANARY_MIN_VIEWS, AGENCY_CANARY_MAX_EXCESS_POINTS, AGENCY_CANARY_MIN_DEFAULT_VIEWS, AGENCY_CANARY_CEILING_PERCENT, AGENCY_CANARY_MIN_CLIENTS, AGENCY_CANARY_MIN_NETWORKS.\n  Undo with: pnpm rollback <remote-folder> [version]\n",
  ],
  [
    ['release', 'key'],
    "Usage: pnpm release key create <scope> [--name <name>]\n       pnpm release key list\n       pnpm release key revoke <name>\n\n  create   a key for one scope (mf-marketing, mf-portfolio, mf-contact, shell); printed once, on the last line\n  list     every key's name, scope, creation and revocation (never the key)\n  revoke   the key stops working at once; its name stays taken, so the audit log stays readable\n",
  ],
  [
    ['nginx-config'],
    "usage: pnpm nginx-config --out <file> [--deploy <dir>] [--services] [--tls-certificate <pem> --tls-key <pem>] [--server-name <name>] [--user <user>] [--trust-proxy-from <cidr>]…\n\nWrites nginx's configuration for the deploy folder (default: AGENCY_DEPLOY_DIR, else deploy/) into <file>, and\nthe njs module it loads (site.js) beside it; nginx's pid, logs and temporary files go in the same folder. The\nports are the site's (AGENCY_PORT_BASE), the addresses AGENCY_HOST's (unset: loopback), the trusted proxies\nAGENCY_TRUST_PROXY's, as for npm start.\n  --services          also listen on the enquiry API's and the release service's ports and pass their requests\n                      to them on loopback at ports 3020 and 3021 (run them there: ENQUIRY_PORT, AGENCY_RELEASE_PORT)\n  --tls-certificate, --tls-key\n                      serve https on every port with this certificate and key (PEM), with Strict-Transport-Security\n  --server-name       the site's host name (server_name); default: any\n  --user              the workers' user when nginx starts as root (default: the deploy folder's owner;\n                      it must read the deploy folder)\n  --trust-proxy-from  a CDN's or proxy's address or CIDR range whose X-Forwarded-For names the visitor\n                      (repeat for each; default: AGENCY_TRUST_PROXY_FROM, comma-separated)\n",
  ],
  [
    ['dev'],
    "Usage: pnpm dev [<app>]\n       pnpm dev <remote> --against <site url>\n\n  Every dev server (shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api) and the enquiry API, the shell at http://localhost:3100\n  composing the remotes; or one app alone, e.g. pnpm dev mf-portfolio (its standalone page lists its exposes).\n  Ports from AGENCY_PORT_BASE (default 3100 in development), the API's data in ENQUIRY_DATA_DIR\n  (default .data/dev-enquiry-api): never those of npm start (3000, .data/enquiry-api) or the e2e suite (4100).\n\n  --against <site url>  only that remote's dev server, and a link (printed, and opened here) that makes the\n                        browser opening it load the remote from that dev server inside the given site, local or\n                        deployed; no other browser. The site's release service signs it: AGENCY_RELEASE_URL and\n                        AGENCY_RELEASE_KEY (a key for that remote), or the service of the site running here.\n",
  ],
  [
    ['bench:hosts'],
    'usage: pnpm bench:hosts [--duration 10] [--connections 10] [--hosts embedded,nginx]   (after pnpm build)\n',
  ],
];
/**
 * What a help recorded before its list was generated from the declared options must still hold: the same usage
 * lines, and every word and option it explained explained again, on a line of its own.
 */
function explainsAsBefore(help: string, before: string) {
  const usage = (text: string) => text.split('\n\n')[0]?.trimEnd();
  expect(usage(help)).toBe(usage(before));
  const terms = [...before.matchAll(/^ {2}([-<[\w][^\s,]*(?:, [^\s,]+)*)(?: <[^>]+>)?(?: {2,}|$)/gm)].flatMap(
    (match) => (match[1] ?? '').split(', '),
  );
  for (const term of terms)
    expect(help).toMatch(new RegExp(`\\n {2,4}${term.replace(/[[\]]/g, '\\$&')}[ <\\n]`));
}

const contractsBefore =
  '  ok    mf-marketing\n  ok    mf-portfolio\n  ok    mf-contact\nEvery remote is compatible with the shell.\n';

// Each case starts a process; a few at a time on a shared machine, each given time to start.
describe.concurrent('the program', { timeout: 90_000 }, () => {
  it('lists every command with --help and -h, exit code 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout } = await program([flag]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage: pnpm <command> \[arguments\]/);
      for (const command of commands) expect(stdout).toContain(`\n  ${command} `);
    }
  });

  it.each(commands)('%s --help explains it: its usage, with examples, exit code 0', async (command) => {
    const { code, stdout } = await program([command, '--help'], withPnpm);
    expect(code).toBe(0);
    const name = command === 'start' ? 'npm start' : command === 'test' ? 'npm test' : `pnpm ${command}`;
    expect(stdout.split('\n')[0]).toMatch(/^[Uu]sage: /);
    expect(stdout.split('\n')[0]).toContain(name);
    if (command !== 'test:e2e') expect(stdout).toContain('\nExamples:\n');
    const before = helpsBefore.find(([args]) => args.join(' ') === command)?.[1];
    if (before !== undefined) explainsAsBefore(stdout, before);
  });

  it.each(releaseForms)('release %s --help explains that form', async (form) => {
    const { code, stdout } = await program(['release', form, form === 'key' ? '-h' : '--help']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toContain(`pnpm release ${form}`);
    // pnpm release key --help printed this before; the other forms had no help of their own.
    const before = helpsBefore.find(([args]) => args.join(' ') === `release ${form}`)?.[1];
    if (before !== undefined) explainsAsBefore(stdout, before);
  });

  it('refuses an unknown command with exit code 2, naming the commands', async () => {
    const { code, stdout, stderr } = await program(['relase', 'mf-portfolio']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe(
      `Unknown command "relase". Choose one of: ${commands.join(', ')}.\n` +
        'Usage: pnpm <command> [arguments]  (--help explains)\n',
    );
    expect((await program([])).code).toBe(2);
  });

  it.each([
    ['check:contracts', 'Usage: pnpm check:contracts (after pnpm build)'],
    ['fonts', 'Usage: pnpm fonts'],
    ['release-service', 'Usage: pnpm release-service'],
  ])('%s refuses an unknown option as the others do, exit code 2', async (command, usage) => {
    const { code, stderr } = await program([command, '--bogus']);
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr: `Unknown option '--bogus'.\n${usage}  (--help explains)\n`,
    });
  });

  it.each(refusals)('%j: the same refusal and exit code as before', async (args, stderr, code) => {
    const ran = await program(args);
    expect(ran).toEqual({ code, stdout: '', stderr });
  });

  it('check:contracts prints what it printed before (after pnpm build)', async () => {
    expect(await program(['check:contracts'])).toEqual({ code: 0, stdout: contractsBefore, stderr: '' });
  });
});
