/**
 * The release gates' Chromium renders, in a process of their own (playwright is asynchronous; a release waits for
 * this process as it waits for the prerender): starts the confined browser (platform-kit/sandbox: no network, its
 * own user), answers its requests to the build's origin from the build's folder by request interception, and
 * opens its standalone page at /<Expose>?props=<n> for each render, which renders the expose with that set of its
 * declared props (shared-content's RemoteShowcase) and marks the page rendered or failed. Prints the results as
 * JSON on stdout.
 * One page renders them all, moving from one expose to the next by the showcase's own client navigation: the
 * build's code is parsed and started once, not once per render, which halves the gates on a two-core machine.
 * A render that fails there is rendered again on a fresh page, and that page's result is the one reported, so an
 * expose is never blamed for what an earlier one left behind.
 *   node --import tsx chromium-worker.ts <request JSON>
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { chromium, type Page } from 'playwright-core';
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
type Render = ChromiumRenderRequest['renders'][number];
type Watched = { page: Page; thrown: string[] };

/** A page, and what it threw since its current render began. */
async function openPage(): Promise<Watched> {
  const watched = { page: await context.newPage(), thrown: [] as string[] };
  watched.page.on('pageerror', (error) => watched.thrown.push(error.message));
  return watched;
}

/**
 * Renders on the page, loading it afresh or reaching the render as the showcase's links do; the render's error,
 * or undefined once it rendered and nothing threw.
 */
async function render(on: Watched, { module, index }: Render, load: boolean): Promise<string | undefined> {
  const path = `/${encodeURIComponent(module)}?props=${index}`;
  on.thrown = [];
  if (load) await on.page.goto(`${origin}${path}`);
  else
    await on.page.evaluate(
      ([to, attribute]) => {
        document.body.removeAttribute(attribute);
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      [path, showcaseStateAttribute] as const,
    );
  const state = await on.page
    .waitForSelector(`body[${showcaseStateAttribute}]`, { timeout: renderTimeoutMs })
    .then((body) => body.getAttribute(showcaseStateAttribute))
    .catch(() => null);
  if (state === 'rendered' && on.thrown.length === 0) return undefined;
  const shown = await on.page
    .locator(showcaseError)
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
  return shown ?? on.thrown[0] ?? `it neither rendered nor threw within ${renderTimeoutMs / 1000} s`;
}

const report: ChromiumRenderReport = [];
try {
  const shared = await openPage();
  let load = true;
  for (const each of request.renders) {
    let error = await render(shared, each, load);
    // What failed may have left the shared page in any state: rendered again alone, and the next loads afresh.
    load = error !== undefined;
    if (load) {
      const alone = await openPage();
      error = await render(alone, each, true);
      await alone.page.close();
    }
    report.push(error === undefined ? each : { ...each, error });
  }
} finally {
  await context.close();
}
process.stdout.write(JSON.stringify(report));
