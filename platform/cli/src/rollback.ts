/**
 * pnpm rollback <remote-folder> [version] [--list] [--force]
 * Points one remote's entry of the environment's remotes.json back at a version published earlier:
 * the one before the live one by default. Nothing is rebuilt or copied. Sent to the release service, as every
 * change is (release-client's src/connection.ts says which one); the work and its messages
 * are releases' src/changes/rollback-command.ts, run there.
 */
import { type CommandReply, type DeployEnvironment, releaseRoutes } from 'build-config/release-protocol';
import { remotes } from 'build-config/topology';
import { resolveRemote, UsageError } from 'platform-kit/cli';
import { loadReleaseClientSettings } from 'platform-kit/settings/release-client';
import { connect } from 'release-client/connection';
import { callService, printOutput } from 'release-client/request';
import { localServiceIn } from './local-service.ts';

export interface RollbackOptions {
  list?: boolean;
  force?: boolean;
  /** On a host with staging: which environment's versions (the service's default: staging's). */
  env?: DeployEnvironment;
}

export async function rollback(positionals: readonly string[], values: RollbackOptions) {
  if (positionals.length > 2) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  const { folder } = remotes[resolveRemote(positionals[0])];
  if (values.list && (positionals[1] !== undefined || values.force))
    throw new UsageError('--list takes no version and no --force.');

  const connection = await connect(loadReleaseClientSettings(process.env), localServiceIn(process.env));
  try {
    const env = values.env ? { env: values.env } : {};
    const reply = values.list
      ? await callService<CommandReply>(
          connection,
          'GET',
          `${releaseRoutes.versions(folder)}${values.env ? `?env=${values.env}` : ''}`,
        )
      : await callService<CommandReply>(connection, 'POST', releaseRoutes.rollback(folder), {
          json: {
            force: values.force ?? false,
            ...(positionals[1] ? { version: positionals[1] } : {}),
            ...env,
          },
        });
    printOutput(reply);
  } finally {
    await connection.close();
  }
}
