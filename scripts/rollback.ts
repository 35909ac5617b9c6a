/**
 * pnpm rollback <remote-folder> [version] [--list] [--force]
 * Points one remote's entry of the environment's remotes.json back at a version published earlier:
 * the one before the live one by default. Nothing is rebuilt or copied.
 */
import { parseCommandLine, resolveRemote, runCommand, UsageError } from './lib/cli.ts';
import { deployDir } from './lib/paths.ts';
import { listRollbackVersions, runRollback } from './lib/rollback-command.ts';

const usage = `Usage: pnpm rollback <remote-folder> [version] [--list] [--force]

  Makes an earlier published version of that remote live again in this environment's remotes.json.

  <remote-folder>  mf-marketing, mf-portfolio or mf-contact
  [version]        a published version (see --list); default: the one published before the live one
  --list           list the published versions, oldest first, and which one is live
  --force          roll back even if that version fails the contract check against the current shell`;

await runCommand(usage, () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    list: { type: 'boolean' },
    force: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) return console.log(usage);
  if (positionals.length > 2) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  const name = resolveRemote(positionals[0]);

  const context = { deploy: deployDir(), env: process.env, out: console.log, warn: console.warn };
  if (values.list) return listRollbackVersions(name, context);
  runRollback(
    { name, force: values.force ?? false, ...(positionals[1] ? { version: positionals[1] } : {}) },
    context,
  );
});
