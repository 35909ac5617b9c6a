/**
 * The Chromium half of the release gates: every declared expose rendered with each set of its props in a real
 * browser, from the build's own browser output (its standalone page), in a child process (chromium-worker.ts).
 * The browser is Debian's Chromium, or CHROME_PATH's, never one downloaded by Playwright, and it runs in the
 * sandbox (platform-kit/sandbox).
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { debianChromium } from 'platform-kit/chromium';
import type { Sandbox } from 'platform-kit/sandbox';
import type { ExposeRender } from './render-plan.ts';
export interface ChromiumRenderRequest {
  buildDir: string;
  /** The browser, confined by the sandbox (platform-kit/sandbox's confine). */
  executablePath: string;
  /** The browser's own profile: the sandbox's home, the one folder it may write. */
  profileDir: string;
  renders: Array<Pick<ExposeRender, 'module' | 'index'>>;
}

export type ChromiumRenderReport = Array<{ module: string; index: number; error?: string }>;

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs the Chromium renders: a driver of ours (chromium-worker.ts, a child process with no secret in its
 * environment) starts the browser in the sandbox (its own user, no network, its own profile and environment)
 * and serves it the build by request interception; the team's code runs only in that browser. Throws when they
 * could not run at all (no browser, no standalone page).
 */
export function renderInChromium(
  buildDir: string,
  renders: readonly ExposeRender[],
  settings: ChangeSettings,
  sandbox: Sandbox,
): ChromiumRenderReport {
  const browser = settings.chromePath ?? debianChromium;
  if (!existsSync(browser)) {
    throw new Error(
      `there is no Chromium at ${browser} to render it in: install it (apt-get install chromium) or set CHROME_PATH`,
    );
  }
  if (!existsSync(join(buildDir, 'index.html'))) {
    throw new Error('the build has no standalone page (index.html) to render its exposes in a browser');
  }
  const request: ChromiumRenderRequest = {
    buildDir,
    executablePath: sandbox.confine(browser),
    profileDir: sandbox.home,
    renders: renders.map(({ module, index }) => ({ module, index })),
  };
  const result = spawnSync(
    process.execPath,
    ['--import', tsxLoader, join(import.meta.dirname, 'chromium-worker.ts'), JSON.stringify(request)],
    {
      encoding: 'utf8',
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: sandbox.dir, LANG: 'C.UTF-8' },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
      killSignal: 'SIGKILL',
    },
  );
  // The driver reads the upload's folder where it arrived: its path is the host's, never said to a team.
  const hide = (text: string) => sandbox.hide(text.split(buildDir).join('<build>'));
  if (result.error) throw new Error(`the Chromium renders could not run: ${hide(result.error.message)}`);
  if (result.status !== 0) {
    const said = hide(result.stderr.trim().split('\n').slice(-20).join('\n'));
    throw new Error(`the Chromium renders failed (exit ${result.status ?? result.signal}):\n${said}`);
  }
  return JSON.parse(hide(result.stdout)) as ChromiumRenderReport;
}
