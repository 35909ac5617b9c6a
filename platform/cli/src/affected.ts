/**
 * pnpm affected <git-range> [--json]
 * Prints which apps a change touches, so each team's pipeline builds, tests and releases only its own app:
 * per app, release (its build includes a changed module, or it builds from a changed package) or check (it only
 * typechecks against one), and which e2e tags run. The rules are in platform/dev-tools/README.md ("pnpm affected").
 */
import { affectedBy } from 'dev-tools/affected/affected';
import { readBuilds } from 'dev-tools/affected/builds';
import { blobsAt, changedFiles, rangeEnd } from 'dev-tools/affected/git-changes';
import { affectedJson, describeAffected } from 'dev-tools/affected/report';
import { appFolders, readWorkspace } from 'dev-tools/affected/workspace';
import { UsageError } from 'platform-kit/cli';
import { repoRoot } from 'platform-kit/paths';

/** `positionals` as typed: one git range is expected, and the refusal of none or more is the command's own. */
export async function affected(positionals: readonly string[], values: { json?: boolean }) {
  const [range] = positionals;
  if (range === undefined) throw new UsageError('Name the git range, such as origin/main...HEAD.');
  if (positionals.length > 1) throw new UsageError(`One git range at a time, got: ${positionals.join(' ')}.`);

  const files = changedFiles(range, repoRoot);
  const workspace = await readWorkspace(repoRoot);
  const apps = workspace.apps.map((name, index) => ({ name, folder: appFolders[index] ?? name }));
  const end = rangeEnd(range);
  const builds = readBuilds(repoRoot, apps, blobsAt(end, repoRoot), end);
  const found = affectedBy(files, workspace, builds, new Map(apps.map(({ name, folder }) => [name, folder])));
  console.log(
    values.json
      ? JSON.stringify(affectedJson(found, range, files.length), null, 2)
      : describeAffected(found, range, files.length),
  );
}
