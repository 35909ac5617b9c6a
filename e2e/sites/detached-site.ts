import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * A composed site (`platform/cli/src/main.ts start`) that outlives the Playwright worker that started it: a setup project
 * starts it, the projects that depend on it test it, a teardown project stops it. Playwright's own webServer
 * would do this for a whole run only (it starts for every project); this keeps a site that only some projects
 * need out of the others' runs. Its output goes to a log file, not to a pipe, since the worker that would read
 * the pipe is gone long before the site.
 */
export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface DetachedSite {
  /** What the site is called in messages. */
  name: string;
  /** `platform/cli/src/main.ts start`'s arguments. */
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where it answers once it is up. */
  origin: string;
  /** Where the process id of the running site is kept between the setup and the teardown. */
  pidFile: string;
  logFile: string;
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

const alive = (pid: number) => {
  try {
    // A zombie has exited: only its parent's wait is missing.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

const isStartScript = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('platform/cli/src/main.ts\0start');
  } catch {
    return false;
  }
};

const logTail = (site: DetachedSite) =>
  existsSync(site.logFile) ? readFileSync(site.logFile, 'utf8').split('\n').slice(-40).join('\n') : '';

/**
 * Stops the site the pid file names, if it still runs: its whole process group (the start script, its API and
 * release service, nginx), SIGTERM first as Ctrl+C would, then SIGKILL after `graceMs`.
 */
export async function stopDetachedSite(site: DetachedSite, graceMs = 30_000): Promise<void> {
  if (!existsSync(site.pidFile)) return;
  const pid = Number(readFileSync(site.pidFile, 'utf8').trim());
  rmSync(site.pidFile, { force: true });
  // Only the process this suite started: a recycled id now naming something else is left alone.
  if (!Number.isInteger(pid) || pid <= 1 || !alive(pid) || !isStartScript(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  if (alive(pid)) process.kill(-pid, 'SIGKILL');
}

/**
 * Starts the site and resolves once its origin answers. A site a broken run left behind (its pid file still
 * there) is stopped first; anything else answering on the port fails the start, as Playwright's webServer does,
 * so a run never tests a server it did not start.
 */
export async function startDetachedSite(site: DetachedSite, timeoutMs: number): Promise<void> {
  await stopDetachedSite(site);
  if (await answers(site.origin)) {
    throw new Error(`${site.origin} already answers: the ${site.name} needs its ports free.`);
  }
  mkdirSync(dirname(site.logFile), { recursive: true });
  const log = openSync(site.logFile, 'w');
  const child = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'start', ...site.args],
    {
      cwd: repoRoot,
      env: site.env,
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  closeSync(log);
  if (child.pid === undefined) throw new Error(`The ${site.name} did not start.`);
  child.unref();
  writeFileSync(site.pidFile, `${child.pid}\n`);
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(site.origin))) {
    if (!alive(child.pid)) {
      rmSync(site.pidFile, { force: true });
      throw new Error(`The ${site.name} stopped:\n${logTail(site)}`);
    }
    if (Date.now() > deadline) {
      await stopDetachedSite(site);
      throw new Error(`The ${site.name} did not answer within ${timeoutMs / 1000} s:\n${logTail(site)}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
