import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';
import { pnpmCommandSetting, type ToolSettings } from './settings/tools.ts';

/**
 * Runs a command in the repo root with inherited output; returns whether it succeeded. `childEnv` is the
 * environment the child process is started with (a child reads its own settings from it), not read here.
 */
export function run(command: string, args: readonly string[], childEnv: NodeJS.ProcessEnv): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: childEnv });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

/** How to run pnpm again from a script (AGENCY_PNPM, npm_execpath, else the PATH's): settings/tools.ts. */
export const pnpmCommand = pnpmCommandSetting;

/** Runs pnpm (as the tool settings say to reach it) with `args`; `childEnv` is the child's environment. */
export function runPnpm(
  tools: Pick<ToolSettings, 'pnpm'>,
  args: readonly string[],
  childEnv: NodeJS.ProcessEnv,
): boolean {
  const [command = 'pnpm', ...prefix] = tools.pnpm;
  return run(command, [...prefix, ...args], childEnv);
}
