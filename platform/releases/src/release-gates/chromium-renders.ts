/**
 * The Chromium half of the release gates: every declared expose rendered with each set of its props in a real
 * browser, from the build's own browser output (its standalone page), in a child process (chromium-worker.ts).
 * The browser is Debian's Chromium, or CHROME_PATH's, never one downloaded by Playwright.
 */

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { debianChromium } from 'platform-kit/chromium';
import type { Sandbox } from 'platform-kit/sandbox';
import { chromePathSetting } from 'platform-kit/settings/release-service';
import { copyReadable } from 'site-pages/prerender/sandbox-view';
import type { ExposeRender } from './render-plan.ts';

export interface ChromiumRenderRequest {
  buildDir: string;
  executablePath: string;
  /** The browser's own profile, in the sandbox's home. */
  profileDir: string;
  renders: Array<Pick<ExposeRender, 'module' | 'index'>>;
}

export type ChromiumRenderReport = Array<{ module: string; index: number; error?: string }>;

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Runs the Chromium renders in the sandbox (its own process as its own user, its own loopback only, no secret, a
 * copy of the build; the browser reaches nothing but the build's own origin: chromium-worker.ts); throws when
 * they could not run at all (no browser, no standalone page).
 */
export function renderInChromium(
  buildDir: string,
  renders: readonly ExposeRender[],
  env: NodeJS.ProcessEnv,
  sandbox: Sandbox,
): ChromiumRenderReport {
  const executablePath = chromePathSetting(env) ?? debianChromium;
  if (!existsSync(executablePath)) {
    throw new Error(
      `there is no Chromium at ${executablePath} to render it in: install it (apt-get install chromium) or set CHROME_PATH`,
    );
  }
  if (!existsSync(join(buildDir, 'index.html'))) {
    throw new Error('the build has no standalone page (index.html) to render its exposes in a browser');
  }
  const build = join(sandbox.view, 'build');
  copyReadable(buildDir, build);
  const request: ChromiumRenderRequest = {
    buildDir: build,
    executablePath,
    profileDir: join(sandbox.home, 'chromium-profile'),
    renders: renders.map(({ module, index }) => ({ module, index })),
  };
  const result = sandbox.run({
    worker: join(import.meta.dirname, 'chromium-worker.ts'),
    args: [JSON.stringify(request)],
    network: 'loopback',
    // It starts the browser, which Node's permission model would forbid; the browser runs the team's code.
    nodePermissions: false,
    loader: tsxLoader,
    memoryMb: 512,
    maxBuffer: 16 * 1024 * 1024,
    timeoutMs: 300_000,
  });
  if (result.error) throw new Error(`the Chromium renders could not run: ${result.error.message}`);
  if (result.status !== 0) {
    const said = sandbox.hide(result.stderr.trim().split('\n').slice(-20).join('\n'));
    throw new Error(`the Chromium renders failed (exit ${result.status ?? result.signal}):\n${said}`);
  }
  return JSON.parse(sandbox.hide(result.stdout)) as ChromiumRenderReport;
}
