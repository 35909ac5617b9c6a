import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** What one Lighthouse run of one page reports. */
export interface PageFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer size (compressed, as served) of the JavaScript the page loads before it settles. */
  scriptBytes: number;
  requests: number;
}

/**
 * Flags for a headless Debian Chromium that must not reach the closed network by itself (component updates,
 * safe browsing, metrics, sync), on top of chrome-launcher's own defaults.
 */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication',
];

interface ResourceSummaryItem {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

/**
 * One Lighthouse 12 performance run in a fresh browser (cold cache): the default mobile form factor and the
 * default simulated throttling, as the issue asks.
 */
export async function runLighthouse(url: string, chromePath: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id} for ${url}`);
      return value;
    };
    const summary =
      (lhr.audits['resource-summary']?.details as { items?: ResourceSummaryItem[] })?.items ?? [];
    const ofType = (type: string) => summary.find((item) => item.resourceType === type);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      scriptBytes: ofType('script')?.transferSize ?? 0,
      requests: ofType('total')?.requestCount ?? 0,
    };
  } finally {
    chrome.kill();
  }
}
