/**
 * The release gates' Chromium renders, in a process of their own (playwright is asynchronous; a release waits for
 * this process as it waits for the prerender): starts the confined browser (platform-kit/sandbox: no network, its
 * own user), answers its requests to the build's origin from the build's folder by request interception, and
 * opens its standalone page at /<Expose>?props=<n> for each render, which renders the expose with that set of its
 * declared props (shared-content's RemoteShowcase) and marks the page rendered or failed. Prints the results as
 * JSON on stdout.
 *   node --import tsx chromium-worker.ts <request JSON>
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';
import type { ChromiumRenderReport, ChromiumRenderRequest } from './chromium-renders.ts';

const request = JSON.parse(process.argv[2] ?? '') as ChromiumRenderRequest;
console.log = console.error;

/**
 * RemoteShowcase's showcaseStateAttribute and its error's mark (shared-content/ui, which Node cannot import: it is
 * the browser's UI kit).
 */
const showcaseStateAttribute = 'data-showcase-state';
const showcaseError = '[data-showcase-error]';

/** Long enough for a slow shared machine; an expose that neither renders nor throws by then fails. */
const renderTimeoutMs = 20_000;

/** The origin the build is served at; nothing listens there: every request is answered below. */
const origin = 'http://127.0.0.1';
const root = resolve(request.buildDir);

/**
 * The build's file for a request to its origin, or its standalone page for any other path (the page routes by
 * path, as a single-page app's host does); null for a path that would leave the folder.
 */
function fileFor(url: string): string {
  const file = resolve(root, `.${decodeURIComponent(new URL(url).pathname)}`);
  if (file !== root && !file.startsWith(`${root}${sep}`)) return join(root, 'index.html');
  return existsSync(file) && statSync(file).isFile() ? file : join(root, 'index.html');
}

// Its own profile in the sandbox's home, and no network at all (its namespace): the build's own origin is
// answered from its files, and every other request is refused here as well (no other host, port or scheme).
const context = await chromium.launchPersistentContext(request.profileDir, {
  executablePath: request.executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--js-flags=--max-old-space-size=256'],
  acceptDownloads: false,
  serviceWorkers: 'block',
});
await context.route('**/*', (route) => {
  const url = route.request().url();
  if (url !== origin && !url.startsWith(`${origin}/`)) return route.abort('blockedbyclient');
  return route.fulfill({ path: fileFor(url) });
});
const browser = { close: () => context.close() };
const report: ChromiumRenderReport = [];
try {
  for (const { module, index } of request.renders) {
    const page = await context.newPage();
    const thrown: string[] = [];
    page.on('pageerror', (error) => thrown.push(error.message));
    await page.goto(`${origin}/${encodeURIComponent(module)}?props=${index}`);
    const state = await page
      .waitForSelector(`body[${showcaseStateAttribute}]`, { timeout: renderTimeoutMs })
      .then((body) => body.getAttribute(showcaseStateAttribute))
      .catch(() => null);
    if (state === 'rendered' && thrown.length === 0) report.push({ module, index });
    else {
      const shown = await page
        .locator(showcaseError)
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      const error = shown ?? thrown[0] ?? `it neither rendered nor threw within ${renderTimeoutMs / 1000} s`;
      report.push({ module, index, error });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(report));
