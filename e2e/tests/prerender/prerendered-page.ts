import type { Page } from '@playwright/test';

/**
 * Opens a path with the shell's entry script held back and marks every element of the prerendered page
 * (`data-prerendered`), so a test can tell afterwards which nodes hydration kept. Returns how many were marked
 * and the function that lets the script run.
 */
export async function openAndMarkPrerendered(page: Page, path: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('footer').waitFor({ state: 'attached' });
  const marked = await page.evaluate(() => {
    const elements = Array.from(document.querySelectorAll('#root *'));
    for (const element of elements) element.setAttribute('data-prerendered', '');
    return elements.length;
  });
  return { marked, release };
}

/**
 * Chrome's hint that a preloaded file was first used more than a few seconds after the load event: the shell
 * preloads the singletons it lends the remotes, which run with the first remote slot, after the shell has
 * hydrated; on a busy machine that comes later than Chrome's few seconds. A timing hint, not a page problem.
 */
const latePreloadHint = /was preloaded using link preload but not used within a few seconds/;

/** Console errors and warnings and uncaught page errors seen from now on (React reports a mismatch so). */
export function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const problem = message.type() === 'error' || message.type() === 'warning';
    if (problem && !latePreloadHint.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
