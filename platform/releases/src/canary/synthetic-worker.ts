/**
 * One synthetic visit of a canary, in a process of its own (playwright is asynchronous, and the release service
 * must not run a browser driver in its own process): starts the confined browser (platform-kit/sandbox: no
 * network, its own user and profile), gives it the canary's bucket cookie, and opens each of the canary's pages
 * on the live site as a visitor in that bucket would. The browser reaches nothing itself: each of its requests
 * to the site's own origins is fetched here and handed back; any other request, and any request that is not a
 * GET or HEAD (health beacons, forms), is refused, so a synthetic visit never counts in the real visitors'
 * health. Prints the report as JSON on stdout.
 *   node --import tsx synthetic-worker.ts <request JSON>
 */
import { chromium, type Page } from 'playwright-core';
import type { SyntheticPageReport, SyntheticVisitRequest } from './synthetic-visit.ts';

const request = JSON.parse(process.argv[2] ?? '') as SyntheticVisitRequest;
console.log = console.error;

/** The shell's marks (shell/src/early/protocol.ts, routing/InteractiveMark.tsx, federation/SlotFallback.tsx). */
const hydratedMark = 'html[data-hydrated]';
const failedSlot = '[data-slot-state="failed"][data-slot]';
const slotLive = 'data-slot-live';

const allowed = new Set(request.allowedOrigins);
const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

const context = await chromium.launchPersistentContext(request.profileDir, {
  executablePath: request.executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--js-flags=--max-old-space-size=256'],
  acceptDownloads: false,
  serviceWorkers: 'block',
});
await context.addCookies([
  { name: request.cookie.name, value: request.cookie.value, url: request.siteOrigin, sameSite: 'Lax' },
]);
await context.route('**/*', async (route) => {
  const sent = route.request();
  const method = sent.method();
  if ((method !== 'GET' && method !== 'HEAD') || !allowed.has(originOf(sent.url())))
    return route.abort('blockedbyclient');
  try {
    const response = await route.fetch({ timeout: request.pageTimeoutMs });
    return await route.fulfill({ response });
  } catch {
    return route.abort('failed').catch(() => undefined);
  }
});

/** What went wrong on one page, or undefined when the canary's slots hydrated and nothing threw. */
async function visit(page: Page, path: string, codeSlots: readonly string[]): Promise<SyntheticPageReport> {
  const thrown: string[] = [];
  let loadedCanary = false;
  page.on('pageerror', (error) => thrown.push(error.message.split('\n')[0] ?? ''));
  page.on('request', (sent) => {
    if (sent.url().startsWith(request.canaryBase)) loadedCanary = true;
  });
  const started = Date.now();
  const response = await page
    .goto(`${request.siteOrigin}${path}`, { timeout: request.pageTimeoutMs, waitUntil: 'load' })
    .catch((error: Error) => error);
  if (response instanceof Error || response === null || !response.ok())
    return {
      path,
      kind: 'site',
      problem: `${path} did not load (${response instanceof Error ? response.message.split('\n')[0] : `status ${response?.status() ?? 'none'}`})`,
    };
  const left = Math.max(1000, request.pageTimeoutMs - (Date.now() - started));
  const hydrated = await page
    .waitForSelector(hydratedMark, { state: 'attached', timeout: left })
    .then(() => true)
    .catch(() => false);
  const fallbacks = await page
    .$$eval(failedSlot, (elements) =>
      elements.map((element) => ({
        slot: element.getAttribute('data-slot') ?? '',
        reason: element.getAttribute('data-failure') ?? '',
      })),
    )
    .catch(() => []);
  const ours = fallbacks.filter(({ slot }) => slot.startsWith(`${request.remote}/`));
  const ms = Date.now() - started;
  if (ours.length > 0)
    return {
      path,
      kind: 'canary',
      problem: ours
        .map(({ slot, reason }) => `${path} shows the fallback for ${slot} (${reason})`)
        .join('; '),
      ms,
    };
  if (thrown.length > 0)
    return { path, kind: 'canary', problem: `${path} threw: ${thrown.slice(0, 3).join('; ')}`, ms };
  const notLive: string[] = [];
  for (const slot of codeSlots) {
    const live = await page
      .locator(`[data-remote-slot="${slot}"]`)
      .first()
      .getAttribute(slotLive, { timeout: 500 })
      .catch(() => null);
    if (live === null) notLive.push(slot);
  }
  if (!hydrated || notLive.length > 0)
    return {
      path,
      kind: 'canary',
      problem: `${path} did not hydrate within ${Math.round(request.pageTimeoutMs / 1000)} s${notLive.length > 0 ? ` (${notLive.join(', ')} not live)` : ''}`,
      ms,
    };
  if (codeSlots.length > 0 && !loadedCanary)
    return {
      path,
      kind: 'site',
      problem: `${path} did not load the canary's files (another version was served)`,
      ms,
    };
  if (fallbacks.length > 0)
    return {
      path,
      kind: 'site',
      problem: `${path} shows the fallback for ${fallbacks.map(({ slot }) => slot).join(', ')} (another remote's)`,
      ms,
    };
  return { path, ms };
}

const report: SyntheticPageReport[] = [];
try {
  for (const { path, codeSlots } of request.pages) {
    const page = await context.newPage();
    report.push(await visit(page, path, codeSlots));
    await page.close().catch(() => undefined);
  }
} finally {
  await context.close().catch(() => undefined);
}
process.stdout.write(JSON.stringify(report));
