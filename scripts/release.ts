/**
 * pnpm release <remote-folder> [--build-dir <dir>] [--force]
 * Builds one remote, checks it against the shell, publishes it into deploy/<remote-folder>/<version>/ and
 * points only that remote's entry of the environment's remotes.json at it (atomically).
 */
import { relative, resolve } from 'node:path';
import { remotes } from 'build-config/topology';
import { parseCommandLine, resolveRemote, runCommand, UsageError } from './lib/cli.ts';
import { deployDir, repoRoot } from './lib/paths.ts';
import { releaseBuild } from './lib/release.ts';
import { runPnpm } from './lib/run.ts';

const usage = `Usage: pnpm release <remote-folder> [--build-dir <dir>] [--force]

  Builds that remote only, checks it against the shell (exposes the shell imports, singleton versions),
  publishes it into deploy/<remote-folder>/<version>/ and makes it live in this environment's remotes.json.

  <remote-folder>    mf-marketing, mf-portfolio or mf-contact
  --build-dir <dir>  release an existing build folder instead of building (e.g. a CI artifact)
  --force            release even if the contract check fails (its slots will show their fallback)

  Environment: AGENCY_DEPLOY_DIR (default deploy), AGENCY_PORT_BASE, AGENCY_REMOTES_ORIGIN (a CDN origin).
  Undo with: pnpm rollback <remote-folder> [version]`;

await runCommand(usage, () => {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), {
    'build-dir': { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) return console.log(usage);
  if (positionals.length > 1)
    throw new UsageError(`Release one remote at a time, got: ${positionals.join(' ')}.`);
  const name = resolveRemote(positionals[0]);
  const { folder } = remotes[name];
  // pnpm runs scripts from the repo root; a relative --build-dir means relative to where it was typed.
  const buildDir = values['build-dir'] && resolve(process.env.INIT_CWD ?? process.cwd(), values['build-dir']);

  if (!buildDir) {
    console.log(`Building ${folder}…`);
    if (!runPnpm(['--filter', folder, 'build']))
      throw new Error(`The build of ${folder} failed; nothing was released.`);
  }
  const deploy = deployDir();
  const outcome = releaseBuild(deploy, name, {
    force: values.force ?? false,
    ...(buildDir ? { buildDir } : {}),
  });
  for (const problem of outcome.forced) console.warn(`Released despite: ${problem}`);
  if (outcome.version === outcome.previous) {
    console.log(`${folder} ${outcome.version} was already live; nothing changed.`);
    return;
  }
  console.log(
    `Released ${folder} ${outcome.version} (was ${outcome.previous ?? 'not released'}).\n` +
      `  files:        ${relative(repoRoot, deploy)}/${folder}/${outcome.version}/\n` +
      `  remotes.json: ${name} → ${outcome.manifestUrl}\n` +
      `Reload the site to see it. Undo with: pnpm rollback ${folder}`,
  );
});
