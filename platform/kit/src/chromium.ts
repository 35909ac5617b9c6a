import { existsSync } from 'node:fs';
import { run } from './run.ts';
import type { ToolSettings } from './settings/tools.ts';

export const debianChromium = '/usr/bin/chromium';

/**
 * The browser the e2e suite drives: CHROME_PATH if set, else Debian's Chromium, installed with apt when
 * missing and we are root (CI). Never a browser downloaded by Playwright.
 */
export function ensureChromium(
  tools: Pick<ToolSettings, 'chromePath'>,
  /** The environment apt-get runs with, when Chromium must be installed. */
  childEnv: NodeJS.ProcessEnv,
): string | null {
  const { chromePath } = tools;
  if (chromePath) {
    if (existsSync(chromePath)) return chromePath;
    console.error(`CHROME_PATH points at ${chromePath}, which does not exist.`);
    return null;
  }
  if (existsSync(debianChromium)) return debianChromium;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing: install it with "sudo apt-get install -y chromium" or set CHROME_PATH.`,
    );
    return null;
  }
  console.log('Installing Debian Chromium for the e2e suite…');
  const aptEnv = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-qq'], aptEnv) &&
    run('apt-get', ['install', '-y', '-qq', 'chromium'], aptEnv)
  ) {
    return existsSync(debianChromium) ? debianChromium : null;
  }
  console.error('apt-get could not install chromium.');
  return null;
}
