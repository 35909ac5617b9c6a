/**
 * pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
 * pnpm release <remote-folder> promote | abort [--reason <text>]
 * pnpm release shell [--build-dir <dir>] [--force]
 * pnpm release status [<remote-folder>]  |  pnpm release watch [--once]
 * Builds one remote, checks it against the shell, publishes it into deploy/<remote-folder>/<version>/ and
 * points only that remote's entry of the environment's remotes.json at it (atomically): for everyone, or for a
 * share of the visitors as a canary to promote or abort. The forms are parsed and run in
 * lib/canary/release-command.ts.
 */
import { remotes } from 'build-config/topology';
import { parseReleaseCommand, runReleaseCommand } from './lib/canary/release-command.ts';
import { canaryRuleVariables } from './lib/canary/rules.ts';
import { runCommand } from './lib/cli.ts';
import { deployDir } from './lib/paths.ts';
import { runPnpm } from './lib/run.ts';

const usage = `Usage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
       pnpm release <remote-folder> promote | abort [--reason <text>]
       pnpm release shell [--build-dir <dir>] [--force]
       pnpm release status [<remote-folder>]
       pnpm release watch [--once]

  Builds that remote only, checks it against the shell (exposes the shell imports, singleton versions),
  publishes it into deploy/<remote-folder>/<version>/ and makes it live in this environment's remotes.json:
  for everyone, or with --canary for a share of the visitors beside the live (default) version.

  <remote-folder>      mf-marketing, mf-portfolio or mf-contact
  --canary <percent>   serve the new version to 1–99% of visitors; the default version keeps the rest
  --build-dir <dir>    release an existing build folder instead of building (e.g. a CI artifact)
  --force              release even if the contract check fails (its slots will show their fallback)
  promote              the canary becomes the default for everyone; the old default leaves the map
  abort                the canary leaves the map, the default serves everyone again (--reason: why, for the log)
  shell                build the shell, check every live remote version against it, publish it, write the pages
                       (--build-dir: a folder with the shell's dist/ and dist-server/; --force: despite breaking)
  status               live versions, their traffic and health, the canary check's verdict, the last auto-abort
  watch                check every canary now and then, aborting those clearly worse (--once: one check)

  A plain release during a canary replaces both the canary and the default.
  Environment: AGENCY_DEPLOY_DIR (default deploy), AGENCY_PORT_BASE, AGENCY_REMOTES_ORIGIN (a CDN origin),
  ENQUIRY_DATA_DIR (the enquiry API's data, where the health counts are), AGENCY_CANARY_CHECK_SECONDS (watch,
  default 30), ${Object.keys(canaryRuleVariables).join(', ')}.
  Undo with: pnpm rollback <remote-folder> [version]`;

await runCommand(usage, async () => {
  const command = parseReleaseCommand(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  if (command.kind === 'help') return console.log(usage);
  await runReleaseCommand(command, {
    deploy: deployDir(),
    env: process.env,
    build(name) {
      const folder = name === 'shell' ? name : remotes[name].folder;
      console.log(`Building ${folder}…`);
      if (!runPnpm(['--filter', folder, 'build']))
        throw new Error(`The build of ${folder} failed; nothing was released.`);
    },
    out: console.log,
    warn: console.warn,
  });
});
