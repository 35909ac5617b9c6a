/**
 * pnpm rollback <remote-folder> [version] [--list] [--force]
 * Points one remote's entry of the environment's remotes.json back at a version published earlier:
 * the one before the live one by default. Nothing is rebuilt or copied. Sent to the release service, as every
 * change is (lib/release-client/connection.ts says which one); the work and its messages are
 * lib/rollback-command.ts, run there.
 */
import { type CommandReply, releaseRoutes } from 'build-config/release-protocol';
import { remotes } from 'build-config/topology';
import { parseCommandLine, resolveRemote, runCommand, UsageError } from 'platform-kit/cli';
import { connect } from 'releases/release-client/connection';
import { callService, printOutput } from 'releases/release-client/request';

const usage = `Usage: pnpm rollback <remote-folder> [version] [--list] [--force]

  Makes an earlier published version of that remote live again in this environment's remotes.json.

  <remote-folder>  mf-marketing, mf-portfolio or mf-contact
  [version]        a published version (see --list); default: the one published before the live one
  --list           list the published versions, oldest first, and which one is live
  --force          roll back even if that version fails the contract check against the current shell

  Where it goes: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team's pipeline), else this host's release service.`;

await runCommand(usage, async () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    list: { type: 'boolean' },
    force: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) return console.log(usage);
  if (positionals.length > 2) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  const { folder } = remotes[resolveRemote(positionals[0])];
  if (values.list && (positionals[1] !== undefined || values.force))
    throw new UsageError('--list takes no version and no --force.');

  const connection = await connect(process.env);
  try {
    const reply = values.list
      ? await callService<CommandReply>(connection, 'GET', releaseRoutes.versions(folder))
      : await callService<CommandReply>(connection, 'POST', releaseRoutes.rollback(folder), {
          json: { force: values.force ?? false, ...(positionals[1] ? { version: positionals[1] } : {}) },
        });
    printOutput(reply);
  } finally {
    await connection.close();
  }
});
