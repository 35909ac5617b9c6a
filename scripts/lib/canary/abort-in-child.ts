/**
 * The composed server's way to abort a canary: `pnpm release watch --once` in a child process, which judges
 * again and aborts under the map's lock, writing every page again while the server keeps serving the old ones
 * (they are swapped in whole). One child at a time; its lines go to the server's log.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../paths.ts';
import type { CanaryCheck } from './check.ts';
import type { WatchLog } from './watcher.ts';

export function abortInChildProcess(env: NodeJS.ProcessEnv, log: WatchLog): (judged: CanaryCheck[]) => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    const child = spawn(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['scripts/release.ts', 'watch', '--once'],
      {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const done = (failure?: string) => {
      running = false;
      for (const line of output.split('\n').filter((text) => text.startsWith('Canary aborted')))
        log.info(line);
      if (failure) log.error(`The canary abort did not run: ${failure}\n${output.trim()}`);
    };
    child.once('error', (error) => done(error.message));
    child.once('close', (code) => done(code === 0 ? undefined : `exit code ${code}`));
  };
}
