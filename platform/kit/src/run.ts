import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';
import { pnpmCommandSetting } from './settings/tools.ts';

/** Runs a command in the repo root with inherited output; returns whether it succeeded. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

/** How to run pnpm again from a script (AGENCY_PNPM, npm_execpath, else the PATH's): settings/tools.ts. */
export const pnpmCommand = pnpmCommandSetting;

export function runPnpm(args: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const [command = 'pnpm', ...prefix] = pnpmCommand(env);
  return run(command, [...prefix, ...args], env);
}
