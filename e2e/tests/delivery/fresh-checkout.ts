import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from './isolated-site.ts';

/** The project's own pnpm (a root devDependency), so a run needs no pnpm on the PATH. */
const pnpm = join(repoRoot, 'node_modules', '.bin', 'pnpm');

/** What a CI job has: a PATH and a HOME (where pnpm's package store is), nothing of this run's environment. */
export const ciEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

function run(command: string, args: string[], cwd: string, timeout: number): Promise<void> {
  return new Promise((done, fail) => {
    // Below the suite's priority, as every build in these specs: timings of the tests beside it must not stretch.
    const child = spawn('nice', ['-n', '10', command, ...args], { cwd, env: ciEnv, timeout });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${command} ${args.join(' ')} in ${cwd} ended with ${code ?? signal}:\n${output}`)),
    );
  });
}

/**
 * A checkout as a team's CI makes one, at `dir`: a clone of this repository, with the working tree's edits on top
 * (so a run tests the code under test, committed or not; with a clean tree it is the commit itself), installed
 * from the package store with its own node_modules (`pnpm install --offline --frozen-lockfile`).
 */
export async function freshCheckout(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  const clone = spawnSync('git', ['clone', '--quiet', '--no-local', repoRoot, dir], { encoding: 'utf8' });
  if (clone.status !== 0) throw new Error(`git clone into ${dir} failed: ${clone.stderr}`);
  // Changed against the commit (staged or not, deleted too) and new files.
  const list = (...args: string[]) =>
    spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  const edited = [
    ...list('diff', '--name-only', '-z', 'HEAD'),
    ...list('ls-files', '-z', '--others', '--exclude-standard'),
  ];
  for (const file of edited) {
    const from = join(repoRoot, file);
    const to = join(dir, file);
    if (!existsSync(from)) rmSync(to, { force: true });
    else {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(from, to);
    }
  }
  await run(pnpm, ['install', '--offline', '--frozen-lockfile'], dir, 180_000);
  return dir;
}

/** `pnpm build` in a checkout: the shell and the three remotes, browser and Node builds, as the host builds them. */
export const buildAll = (dir: string) => run(pnpm, ['build'], dir, 300_000);
