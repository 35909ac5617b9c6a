import { spawnSync } from 'node:child_process';
import { repoRoot } from './paths.ts';

/** Runs a command in the repo root with inherited output; returns whether it succeeded. */
export function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.status === 0;
}
