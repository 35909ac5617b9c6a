import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** Runs a command in the repo root with inherited output; returns whether it succeeded. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}

/** Runs pnpm the way the bootstrap reached it (globally installed, or through npx on a fresh machine). */
export function runPnpm(args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const [command = 'pnpm', ...prefix] = (env.AGENCY_PNPM ?? 'pnpm').split(' ');
  return run(command, [...prefix, ...args], env);
}
