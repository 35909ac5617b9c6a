/**
 * The release gates' Chromium renders, in a process of their own (playwright is asynchronous; a release waits for
 * this process as it waits for the prerender): serves the build's browser output from its folder on loopback and
 * opens its standalone page at /<Expose>?props=<n> for each render, which renders the expose with that set of its
 * declared props (shared-content's RemoteShowcase) and marks the page rendered or failed. Prints the results as
 * JSON on stdout.
 *   node --import tsx chromium-worker.ts <request JSON>
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { handleStatic } from 'site-hosting/static-host';
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

const server = createServer(handleStatic({ dir: request.buildDir, spa: true, cors: false }));
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
/** What the build's code may reach: its own origin's files, nothing else (no other host, port or scheme). */
const ownOrigin = (url: string) => url === origin || url.startsWith(`${origin}/`);
// Its own profile in the sandbox's home. Every request not to the build's own origin goes to a proxy that does
// not exist (WebSockets too, which request interception does not see); the route below refuses them as well.
const context = await chromium.launchPersistentContext(request.profileDir, {
  executablePath: request.executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--js-flags=--max-old-space-size=256',
    '--proxy-server=http://127.0.0.1:9',
    `--proxy-bypass-list=<-loopback>;${new URL(origin).host}`,
  ],
  acceptDownloads: false,
  serviceWorkers: 'block',
});
await context.route('**/*', (route) =>
  ownOrigin(route.request().url()) ? route.continue() : route.abort('blockedbyclient'),
);
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
  server.close();
}
process.stdout.write(JSON.stringify(report));
