import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** Runs a command in the repo root with inherited output; returns whether it succeeded. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

/**
 * How to run pnpm again from a script: the way the bootstrap reached it (AGENCY_PNPM: installed, or through npx
 * on a fresh machine), else the pnpm that runs this script (pnpm names its own file in npm_execpath, so
 * `npx pnpm release …` works where pnpm is not on the PATH), else `pnpm` from the PATH.
 */
export function pnpmCommand(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.AGENCY_PNPM) return env.AGENCY_PNPM.split(' ');
  const execPath = env.npm_execpath;
  if (execPath && /pnpm/i.test(execPath))
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  return ['pnpm'];
}

export function runPnpm(args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const [command = 'pnpm', ...prefix] = pnpmCommand(env);
  return run(command, [...prefix, ...args], env);
}
