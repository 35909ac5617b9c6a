import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { liveVersion } from 'releases/changes/release';

/** Builds of a remote that differ from the repository's, made for the delivery tests; nothing in the repo changes. */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

/** Copies a remote's sources into `copy`, a scratch folder that borrows the remote's node_modules; returns rsbuild. */
function prepareCopy(remote: RemoteName, copy: string, edit: (sourceDir: string) => void): string {
  const source = join(repoRoot, remotes[remote].folder);
  for (const entry of ['src', 'index.html', 'rsbuild.config.ts', 'package.json']) {
    cpSync(join(source, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(source, 'node_modules'), join(copy, 'node_modules'), 'dir');
  edit(copy);
  return join(source, 'node_modules', '.bin', 'rsbuild');
}

/**
 * Builds a changed copy of a remote with its own unchanged rsbuild config: the sources are copied into `copy`,
 * a scratch folder that borrows the remote's node_modules, `edit` changes them, and rsbuild builds the copy.
 * Returns the build folder.
 */
export function buildChangedRemote(
  remote: RemoteName,
  copy: string,
  env: NodeJS.ProcessEnv,
  edit: (sourceDir: string) => void,
  { lowPriority = false }: { lowPriority?: boolean } = {},
): string {
  const rsbuild = prepareCopy(remote, copy, edit);
  // At low priority a build in one test's setup leaves the CPU to the tests running beside it, whose timings
  // (retries, time-outs) it would otherwise stretch.
  const [command, args] = lowPriority ? ['nice', ['-n', '19', rsbuild, 'build']] : [rsbuild, ['build']];
  const result = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`Building ${copy} failed:\n${result.stdout}${result.stderr}`);
  return join(copy, 'dist');
}

/** The same as buildChangedRemote without a change, in the background: several copies can build at once. */
export function buildRemoteCopy(remote: RemoteName, copy: string, env: NodeJS.ProcessEnv): Promise<string> {
  const rsbuild = prepareCopy(remote, copy, () => {});
  return new Promise((done, fail) => {
    const child = spawn('nice', ['-n', '10', rsbuild, 'build'], { cwd: copy, env, timeout: 300_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done(join(copy, 'dist')) : fail(new Error(`Building ${copy} failed:\n${output}`)),
    );
  });
}

/** Copies a remote's build into `copy` and rewrites its manifest (e.g. to require another React). */
export function copyRemoteBuild(
  remote: RemoteName,
  copy: string,
  rewrite: (manifest: Record<string, unknown>) => void,
): string {
  cpSync(join(repoRoot, remotes[remote].folder, 'dist'), copy, { recursive: true });
  const file = join(copy, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  rewrite(manifest);
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  return copy;
}

/** The live version of a remote in a deploy folder: its version, its folder and its deployed manifest. */
export function liveRelease(deploy: string, remote: RemoteName) {
  const version = liveVersion(deploy, remote) ?? '';
  const dir = join(deploy, remotes[remote].folder, version);
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as {
    exposes: { name: string; assets: { js: { sync: string[] } } }[];
  };
  return { version, dir, manifest };
}
