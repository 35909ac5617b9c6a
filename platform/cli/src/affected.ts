/**
 * pnpm affected <git-range> [--json]
 * Prints which apps a change touches, so each team's pipeline builds, tests and releases only its own app:
 * per app, release (its build includes a changed module, or it builds from a changed package) or check (it only
 * typechecks against one), and which e2e tags run. The rules are in platform/README.md ("affected.ts").
 */
import { affectedBy } from 'dev-tools/affected/affected';
import { readBuilds } from 'dev-tools/affected/builds';
import { blobsAt, changedFiles, rangeEnd } from 'dev-tools/affected/git-changes';
import { affectedJson, describeAffected } from 'dev-tools/affected/report';
import { appFolders, readWorkspace } from 'dev-tools/affected/workspace';
import { parseCommandLine, runCommand, UsageError } from 'platform-kit/cli';
import { repoRoot } from 'platform-kit/paths';

const usage = `Usage: pnpm affected <git-range> [--json]

  Lists the apps (shell, mf-marketing, mf-portfolio, mf-contact, enquiry-api) that the range's changes touch:
    release  its build includes a changed module (read from its last pnpm build), or it builds from a
             changed package where no build tells: build, test and release it
    check    it only reads a changed app's types (the shell, when a remote changes), a changed library module
             that its build leaves out, or the check setup changed: re-run its typecheck and tests, release nothing
    test     the composed e2e suite must run, and with which tags
  and ignores documentation. Exit code 0 whatever it finds.

  <git-range>  origin/main...HEAD (what a pull request changes), main~3..HEAD, or one commit
  --json       one JSON object for pipelines: release, check, suite.run, and why (use pnpm --silent)`;

await runCommand(usage, () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    json: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) return console.log(usage);
  const [range] = positionals;
  if (range === undefined) throw new UsageError('Name the git range, such as origin/main...HEAD.');
  if (positionals.length > 1) throw new UsageError(`One git range at a time, got: ${positionals.join(' ')}.`);

  const files = changedFiles(range, repoRoot);
  const workspace = readWorkspace(repoRoot);
  const apps = workspace.apps.map((name, index) => ({ name, folder: appFolders[index] ?? name }));
  const end = rangeEnd(range);
  const builds = readBuilds(repoRoot, apps, blobsAt(end, repoRoot), end);
  const affected = affectedBy(
    files,
    workspace,
    builds,
    new Map(apps.map(({ name, folder }) => [name, folder])),
  );
  console.log(
    values.json
      ? JSON.stringify(affectedJson(affected, range, files.length), null, 2)
      : describeAffected(affected, range, files.length),
  );
});
