import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { type RequestSpan, settleQuiet } from './network-idle.ts';
import {
  type EarlyFilterTap,
  type EarlyTap,
  largestPaintBeforeInput,
  type PhoneFigures,
} from './phone-figures.ts';
import { RequestLog } from './request-log.ts';

/**
 * A mid-range phone on a slow 4G link, as Lighthouse's mobile profile describes one, but applied for real
 * (Chrome slows the CPU and the network) instead of simulated, so that what a visitor does early (a tap) and
 * late (a scroll) can be measured too.
 */
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 200_000,
  uploadBytesPerSecond: 93_750,
};

export const phoneProfileLabel = `Phone profile (${phone.cpuSlowdown}× CPU, slow 4G: ${phone.latencyMs} ms RTT, ${
  (phone.downloadBytesPerSecond * 8) / 1e6
} Mbit/s)`;

/**
 * Quiet windows and caps (ms). Idle: the first 500 ms without a request after the first paint, counted from
 * when the page learnt of that paint (its paint observers ran, the probe's among them): a page may start its
 * scripts from such an observer, and on a busy main thread that runs well after the paint itself; counting from
 * the paint would then call the page idle before it could ask for anything. Settled: 2 s more without a request.
 * After scrolling: 1 s. A request that never ends gets 20 s per wait, then the wait is judged without it.
 */
const idleQuietMs = 500;
const settledQuietMs = 2000;
const afterScrollQuietMs = 1000;
const waitCapMs = 20_000;
const scrollStepMs = 250;
const tapAfterFcpMs = 200;
const tapLostAfterMs = 10_000;
/** CDP events reach us a little after they happen: judge quiet only up to this long ago. */
const eventLagMs = 50;

const probeSource = readFileSync(new URL('./phone-probe.js', import.meta.url), 'utf8');

/** Flags for a headless Debian Chromium that must not reach the closed network by itself. */
const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchPhoneBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromeArgs });
}

interface FcpReport {
  fcp: number;
  fetchStart: number;
  /** The page's clock when its paint observers ran: the tap is timed from it, and the wait for idle starts there. */
  now: number;
  button: { x: number; y: number } | null;
}

interface ProbeSnapshot {
  fcp?: number;
  lcp: Array<{ startTime: number; size: number }>;
  firstInputAt?: number;
  tapAt?: number;
  drawerVisibleAt?: number;
  filteredAt?: number;
}

/**
 * The routes whose first section's code waits to be reached for (the route table's `codeLoads`) and a filter
 * chip on them to tap early, with the group's accessible name (shared-content/src/portfolio/categories.ts,
 * `filterLabel`): what that wait costs a visitor who taps before the code is live.
 */
const filterTaps: Readonly<Record<string, { group: string; chip: string }>> = {
  '/portfolio': { group: 'Filter projects by category', chip: 'WordPress' },
};

const snapshot = (page: Page) => page.evaluate<ProbeSnapshot>('window.__benchProbe.snapshot()');

/** A fresh context (empty cache) with the phone's screen, CPU and network, the probe and a request log. */
async function openPhonePage(browser: Browser) {
  const major = browser.version().split('.')[0];
  const context = await browser.newContext({
    viewport: phone.viewport,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
  });
  const page = await context.newPage();
  // The binding before the probe, so the probe finds it.
  let reportFcp: (report: FcpReport) => void = () => undefined;
  const fcpReported = new Promise<FcpReport>((resolve) => {
    reportFcp = resolve;
  });
  await page.exposeBinding('__benchFcp', (_source, report: FcpReport) => reportFcp(report));
  await page.addInitScript({ content: probeSource });
  const cdp = await context.newCDPSession(page);
  const log = new RequestLog();
  cdp.on('Network.requestWillBeSent', (event) => log.requestWillBeSent(event));
  cdp.on('Network.responseReceived', (event) => log.responseReceived(event));
  cdp.on('Network.loadingFinished', (event) => log.loadingFinished(event));
  cdp.on('Network.loadingFailed', (event) => log.loadingFailed(event));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: phone.latencyMs,
    downloadThroughput: phone.downloadBytesPerSecond,
    uploadThroughput: phone.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
  return { context, page, cdp, log, fcpReported };
}

async function loadUntilFirstPaint(page: Page, url: string, fcpReported: Promise<FcpReport>) {
  await page.goto(url, { waitUntil: 'commit', timeout: 30_000 });
  // Unref'd: a pending 30 s timer must not keep the bench alive after its last page.
  const report = await Promise.race([fcpReported, sleep(30_000, undefined, { ref: false })]);
  if (!report) throw new Error(`${url} did not paint within 30 s`);
  return report;
}

/**
 * Polls until the page has been quiet for `quietMs` from `from` (no request in flight and no long task on the
 * main thread: a page still running its code is not idle, even with its network quiet), or the cap decides.
 */
async function waitForQuiet(page: Page, log: RequestLog, from: number, quietMs: number) {
  const giveUpAt = Math.max(from, log.now()) + waitCapMs;
  for (;;) {
    const longTasks = await page.evaluate<RequestSpan[]>('window.__benchProbe.longTasks()');
    const spans = [...log.spans(), ...longTasks];
    const outcome = settleQuiet(spans, { from, quietMs, now: log.now() - eventLagMs, giveUpAt });
    if (outcome.settled) return outcome;
    await sleep(50);
  }
}

/** Scrolls a viewport at a time until the bottom has been in view twice running (the page may grow). */
async function scrollToEnd(page: Page) {
  let bottomSeen = 0;
  for (let step = 0; step < 400 && bottomSeen < 2; step += 1) {
    const atBottom = await page.evaluate<boolean>('window.__benchProbe.scrollStep()');
    bottomSeen = atBottom ? bottomSeen + 1 : 0;
    await sleep(scrollStepMs);
  }
}

/** First load: paint timings and JS bytes at idle, once settled, and after scrolling to the end. */
async function measureLoad(browser: Browser, url: string) {
  const { context, page, log, fcpReported } = await openPhonePage(browser);
  try {
    const report = await loadUntilFirstPaint(page, url, fcpReported);
    log.setFetchStart(report.fetchStart);
    const capped: string[] = [];
    const paintSeenAt = Math.max(report.fcp, report.now);
    const idle = await waitForQuiet(page, log, paintSeenAt, idleQuietMs);
    if (idle.capped) capped.push('idle');
    const settled = await waitForQuiet(page, log, idle.at, settledQuietMs);
    if (settled.capped) capped.push('settled');
    const jsAfterIdle = log.scriptBytes();
    // Read before scrolling: a scroll ends LCP, and the probe ignores entries after the first input anyway.
    const paints = await snapshot(page);
    await scrollToEnd(page);
    const scrolled = await waitForQuiet(page, log, log.now(), afterScrollQuietMs);
    if (scrolled.capped) capped.push('scrolled');
    const byUrl = [...log.scriptBytesByUrl(idle.at)].sort((a, b) => b[1] - a[1]);
    return {
      fcpMs: report.fcp,
      lcpMs: largestPaintBeforeInput(paints.lcp, paints.firstInputAt) ?? Number.NaN,
      paintSeenAtMs: paintSeenAt,
      idleAtMs: idle.at,
      jsBeforeIdle: log.scriptBytes(idle.at),
      jsAfterIdle,
      jsAfterScroll: log.scriptBytes(),
      jsBeforeIdleByUrl: byUrl,
      capped,
    };
  } finally {
    await context.close();
  }
}

/** A touch tap as the phone's screen would send it: through the browser's input pipeline, trusted. */
async function tap(cdp: CDPSession, { x, y }: { x: number; y: number }) {
  await Promise.all([
    cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] }),
    cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  ]);
}

/**
 * Second load: tap the menu button 200 ms after the first contentful paint, as an impatient visitor would,
 * and time the drawer in the page's clock. Lost: the page never showed the drawer for that tap.
 */
async function measureEarlyTap(browser: Browser, url: string): Promise<EarlyTap> {
  const { context, page, cdp, fcpReported } = await openPhonePage(browser);
  try {
    const report = await loadUntilFirstPaint(page, url, fcpReported);
    // The prerendered page has the button at first paint; a client-rendered one may add it later.
    let centre = report.button;
    for (let tries = 0; !centre && tries < 100; tries += 1) {
      await sleep(100);
      centre = await page.evaluate<FcpReport['button']>('window.__benchProbe.menuButtonCentre()');
    }
    if (!centre) throw new Error(`${url}: no menu button in the header`);
    await sleep(Math.max(0, report.fcp + tapAfterFcpMs - report.now));
    await tap(cdp, centre);
    const deadline = Date.now() + tapLostAfterMs + 500;
    let seen = await snapshot(page);
    while (seen.drawerVisibleAt === undefined && Date.now() < deadline) {
      await sleep(100);
      seen = await snapshot(page);
    }
    const { tapAt, drawerVisibleAt } = seen;
    const afterFcpMs = tapAt === undefined ? null : tapAt - report.fcp;
    if (tapAt === undefined || drawerVisibleAt === undefined) return { afterFcpMs, drawerMs: null };
    const drawerMs = drawerVisibleAt - tapAt;
    return { afterFcpMs, drawerMs: drawerMs <= tapLostAfterMs ? drawerMs : null };
  } finally {
    await context.close();
  }
}

/**
 * Third load, on a route with a filter to tap (filterTaps): 200 ms after the first contentful paint, the chip
 * is scrolled into view and tapped; timed to the frame that shows the grid filtered. Lost: never within 10 s.
 */
async function measureEarlyFilterTap(
  browser: Browser,
  url: string,
  target: { group: string; chip: string },
): Promise<EarlyFilterTap> {
  const { context, page, cdp, fcpReported } = await openPhonePage(browser);
  try {
    const report = await loadUntilFirstPaint(page, url, fcpReported);
    await sleep(Math.max(0, report.fcp + tapAfterFcpMs - report.now));
    const prepare = `window.__benchProbe.prepareFilterTap(${JSON.stringify(target.group)}, ${JSON.stringify(target.chip)})`;
    let centre = await page.evaluate<FcpReport['button']>(prepare);
    for (let tries = 0; !centre && tries < 100; tries += 1) {
      await sleep(100);
      centre = await page.evaluate<FcpReport['button']>(prepare);
    }
    if (!centre) throw new Error(`${url}: no "${target.chip}" chip in a group named "${target.group}"`);
    // The scroll is instant; one frame for the chip to be where the probe measured it.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve()))');
    await tap(cdp, centre);
    const deadline = Date.now() + tapLostAfterMs + 500;
    let seen = await snapshot(page);
    while (seen.filteredAt === undefined && Date.now() < deadline) {
      await sleep(100);
      seen = await snapshot(page);
    }
    const { tapAt, filteredAt } = seen;
    const afterFcpMs = tapAt === undefined ? null : tapAt - report.fcp;
    if (tapAt === undefined || filteredAt === undefined) return { afterFcpMs, filteredMs: null };
    const filteredMs = filteredAt - tapAt;
    return { afterFcpMs, filteredMs: filteredMs <= tapLostAfterMs ? filteredMs : null };
  } finally {
    await context.close();
  }
}

/**
 * One phone-profile run of one page: a measured load, then a separate load for the early tap, and on a route
 * with a filter to tap (filterTaps) a third for the early filter tap.
 */
export async function runPhoneProfile(browser: Browser, url: string): Promise<PhoneFigures> {
  const load = await measureLoad(browser, url);
  const earlyTap = await measureEarlyTap(browser, url);
  const target = filterTaps[new URL(url).pathname];
  const filterTap = target ? await measureEarlyFilterTap(browser, url, target) : undefined;
  return { ...load, tap: earlyTap, ...(filterTap ? { filterTap } : {}) };
}
