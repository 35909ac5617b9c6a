/**
 * pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
 * pnpm release <remote-folder> --stages 5,25,50,100 --hold 10m   (a staged rollout)
 * pnpm release <remote-folder> promote | abort [--reason <text>]
 * pnpm release <remote-folder> --preview [--hours <h>]  |  pnpm release preview <remote-folder> <version>
 * pnpm release shell [--build-dir <dir>] [--force]
 * pnpm release status [<remote-folder>]  |  pnpm release watch [--once]  |  pnpm release log [<scope>]
 * pnpm release key create <scope> [--name <name>] | key list | key revoke <name>   (on the host)
 * The release service's client: builds here (or takes --build-dir), uploads, and prints what the service did.
 * The forms are parsed in lib/canary/release-command.ts and sent in lib/release-client/.
 */
import { remotes } from 'build-config/topology';
import { canaryRuleVariables } from 'deploy-model/canary/rules';
import { runCommand } from 'platform-kit/cli';
import { deployDir } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import { parseReleaseCommand } from 'releases/canary/release-command';
import { runThroughService } from 'releases/release-client/commands';
import { connect } from 'releases/release-client/connection';
import { printLog } from 'releases/release-client/log';
import { watchThroughService } from 'releases/release-client/watch';
import { runKeyCommand } from 'releases/release-service/key-command';

const usage = `Usage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
       pnpm release <remote-folder> --stages <p1,p2,…,100> --hold <30s|10m|2h> [--canary <p1>]
       pnpm release <remote-folder> promote | abort [--reason <text>]
       pnpm release <remote-folder> --preview [--hours <h>] [--build-dir <dir>] [--force]
       pnpm release preview <remote-folder> <version> [--hours <h>]
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

await runCommand(usage, async () => {
  const argv = process.argv.slice(2);
  // Keys are managed on the host's disk, never over HTTP: whoever holds a key must not be able to make more.
  if (argv[0] === 'key') return runKeyCommand(argv.slice(1), { deploy: deployDir(), out: console.log });
  if (argv[0] === 'log') return printLog(argv.slice(1), process.env);
  const command = parseReleaseCommand(argv, process.env.INIT_CWD ?? process.cwd());
  if (command.kind === 'help') return console.log(usage);
  const connection = await connect(process.env);
  const context = {
    connection,
    build(name: keyof typeof remotes | 'shell') {
      const folder = name === 'shell' ? name : remotes[name].folder;
      console.log(`Building ${folder}…`);
      if (!runPnpm(['--filter', folder, 'build']))
        throw new Error(`The build of ${folder} failed; nothing was released.`);
    },
    out: console.log,
    warn: console.warn,
  };
  try {
    if (command.kind === 'watch' && !command.once) return await watchThroughService(context);
    await runThroughService(command, context);
  } finally {
    await connection.close();
  }
});
