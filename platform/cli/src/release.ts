/**
 * pnpm release's forms run, each given as the typed command the program read from the arguments
 * (release-program.ts declares the options, release-args.ts builds the command):
 *   a ReleaseCommand (deploy-model's release-command.ts) sent by release-client's src/commands.ts and run by the
 *   service (releases' src/canary/release-command.ts); a LogQuery for pnpm release log; the key commands on the
 *   host's disk. The release service's client builds here (or takes --build-dir), uploads, and prints what the
 *   service did.
 */
import { remotes } from 'build-config/topology';
import { canaryCheckSeconds } from 'deploy-model/canary/rules';
import type { ReleaseCommand } from 'deploy-model/release-command';
import { deployDir } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import { loadReleaseClientSettings } from 'platform-kit/settings/release-client';
import { loadToolSettings } from 'platform-kit/settings/tools';
import { runThroughService } from 'release-client/commands';
import { connect } from 'release-client/connection';
import { type LogQuery, printLog } from 'release-client/log';
import { readReleaseSource } from 'release-client/source';
import { watchThroughService } from 'release-client/watch';
import { releaseUsage } from './helps.ts';
import { localServiceIn } from './local-service.ts';
import { keyCommandOf } from './release-key.ts';

export async function release(command: ReleaseCommand) {
  if (command.kind === 'help') return console.log(releaseUsage);
  // The client's settings, read once from the environment; the connection, the build and the source take them.
  const settings = loadReleaseClientSettings(process.env);
  const connection = await connect(settings, localServiceIn(process.env));
  const context = {
    connection,
    build(name: keyof typeof remotes | 'shell') {
      const folder = name === 'shell' ? name : remotes[name].folder;
      console.log(`Building ${folder}…`);
      if (!runPnpm(loadToolSettings(process.env), ['--filter', folder, 'build'], process.env))
        throw new Error(`The build of ${folder} failed; nothing was released.`);
    },
    out: console.log,
    warn: console.warn,
    // Where the build came from: the CI's variables, else git in the folder the command was typed in.
    source: () => readReleaseSource(settings.operatorFolder, settings.source ?? {}),
  };
  try {
    if (command.kind === 'watch' && !command.once)
      return await watchThroughService(context, canaryCheckSeconds(process.env));
    await runThroughService(command, context);
  } finally {
    await connection.close();
  }
}

export const releaseLog = (query: LogQuery) =>
  printLog(query, loadReleaseClientSettings(process.env), { local: localServiceIn(process.env) });

/** Keys are managed on the host's disk, never over HTTP: whoever holds a key must not be able to make more. */
export async function releaseKey(args: readonly string[], options: { name?: string }) {
  const command = keyCommandOf(args, options);
  const { runKeyCommand } = await import('release-service/key-command');
  return runKeyCommand(command, {
    deploy: deployDir(loadReleaseClientSettings(process.env)),
    out: console.log,
  });
}
