/**
 * pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]
 * pnpm release <remote-folder> --stages 5,25,50,100 --hold 10m   (a staged rollout)
 * pnpm release <remote-folder> promote | abort [--reason <text>]
 * pnpm release <remote-folder> --preview [--hours <h>]  |  pnpm release preview <remote-folder> <version>
 * pnpm release shell [--build-dir <dir>] [--force]
 * pnpm release status [<remote-folder>]  |  pnpm release watch [--once]  |  pnpm release log [<scope>]
 * pnpm release key create <scope> [--name <name>] | key list | key revoke <name>   (on the host)
 * The release service's client: builds here (or takes --build-dir), uploads, and prints what the service did.
 * The forms are parsed by release-client's src/command-line.ts, sent by its src/commands.ts, and run by the
 * service (releases' src/canary/release-command.ts).
 */
import { remotes } from 'build-config/topology';
import { deployDir } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import { operatorFolderSetting } from 'platform-kit/settings/release-client';
import { parseReleaseCommand } from 'release-client/command-line';
import { runThroughService } from 'release-client/commands';
import { connect } from 'release-client/connection';
import { printLog } from 'release-client/log';
import { watchThroughService } from 'release-client/watch';
import { releaseUsage } from './helps.ts';
import { localService } from './local-service.ts';

/**
 * `argv` as typed after `release`: its forms are read by release-command.ts (and key-command.ts, log.ts), whose
 * refusals name the form ("status takes no --force.") and are tested there; the program only routes and helps.
 */
export async function release(argv: readonly string[]) {
  // Keys are managed on the host's disk, never over HTTP: whoever holds a key must not be able to make more.
  if (argv[0] === 'key') {
    const { runKeyCommand } = await import('release-service/key-command');
    return runKeyCommand(argv.slice(1), { deploy: deployDir(), out: console.log });
  }
  if (argv[0] === 'log') return printLog(argv.slice(1), process.env, { local: localService });
  const command = parseReleaseCommand(argv, operatorFolderSetting());
  if (command.kind === 'help') return console.log(releaseUsage);
  const connection = await connect(process.env, localService);
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
}
