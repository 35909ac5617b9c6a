import { previewCookie } from 'federation/preview';
import {
  enquiryApiPaths,
  previewCookieName,
  type VitalsReport,
  vitalsPath,
  vitalsReportSchema,
} from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import {
  holdsPreview,
  type Measure,
  reportWebVitals,
  slotRemotes,
  type VitalsPage,
  vitalsReportOf,
} from './web-vitals-report.ts';

type Report = (metric: Metric) => void;

/** A stand-in for web-vitals: each metric's callback, to be called as the library would. */
function fakeLibrary() {
  const callbacks: Partial<Record<'LCP' | 'INP' | 'CLS', Report>> = {};
  const measure = {
    onLCP: (report: Report) => {
      callbacks.LCP = report;
    },
    onINP: (report: Report) => {
      callbacks.INP = report;
    },
    onCLS: (report: Report) => {
      callbacks.CLS = report;
    },
  } as unknown as Measure;
  const report = (name: 'LCP' | 'INP' | 'CLS', value: number) => callbacks[name]?.({ name, value } as Metric);
  return { measure, report };
}

const page: VitalsPage['page'] = {
  versionOf: (remote) => (remote === 'mf_portfolio' ? '1.5.0-0c0ffee0' : '1.4.0-3f43688a'),
  bucket: () => 37,
  slotAttribute: 'data-remote-slot',
};
const pageLoad = 'b3Jc0mT1xQ8_pL-4sV2kWw';
const apiConfig = () => ({ apiUrl: 'http://api.example' });
const handed: VitalsPage = { page, pageLoad, config: apiConfig };

/** The page's slots as the prerendered HTML holds them. */
function showSlots(...slots: string[]) {
  document.body.innerHTML = slots.map((slot) => `<section data-remote-slot="${slot}"></section>`).join('');
}

let sendBeacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;
/** The reporters a test started: each stops listening after it, or a later test's hide would send its report. */
const started: (() => void)[] = [];
const start = (...args: Parameters<typeof reportWebVitals>) => started.push(reportWebVitals(...args));
const stopAll = () => {
  for (const stop of started.splice(0)) stop();
};
beforeEach(() => {
  sendBeacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
});
afterEach(() => {
  stopAll();
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
});

function hide() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
}

async function sentReports(): Promise<VitalsReport[]> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, body]) => {
      expect(url).toBe(`http://api.example${enquiryApiPaths.vitals}`);
      return vitalsReportSchema.parse(JSON.parse(await body.text()));
    }),
  );
}

describe('the Web Vitals report', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/portfolio/');
    showSlots('mf_portfolio/PortfolioPage', 'mf_marketing/CallToAction', 'mf_portfolio/ProcessSection');
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets and clears the preview cookie as a browser would.
    document.cookie = `${previewCookie}=; max-age=0`;
  });

  it('says the API path and the preview cookie the rest of the site says', () => {
    expect(vitalsPath).toBe(enquiryApiPaths.vitals);
    expect(previewCookieName).toBe(previewCookie);
    expect(holdsPreview(`a=1; ${previewCookie}=x.y`)).toBe(true);
    expect(holdsPreview(`not-${previewCookie}=x`)).toBe(false);
  });

  it('names each slot’s remote once, from the slots’ elements', () => {
    expect(slotRemotes(document, 'data-remote-slot')).toEqual(['mf_portfolio', 'mf_marketing']);
  });

  it('sends once, when the page is first hidden, the last values with the route, versions and bucket only', async () => {
    const { measure, report } = fakeLibrary();
    start(page, pageLoad, apiConfig, measure);
    report('LCP', 1234.4);
    report('INP', 96);
    report('INP', 312.7);
    report('CLS', 0.012_345);
    expect(page.vitals?.()).toEqual({ LCP: 1234, INP: 313, CLS: 0.0123 });
    hide();
    hide();
    dispatchEvent(new Event('pagehide'));
    expect(await sentReports()).toEqual([
      {
        pageLoad,
        route: '/portfolio',
        bucket: 37,
        versions: [
          { remote: 'mf_portfolio', version: '1.5.0-0c0ffee0' },
          { remote: 'mf_marketing', version: '1.4.0-3f43688a' },
        ],
        vitals: { LCP: 1234, INP: 313, CLS: 0.0123 },
      },
    ]);
  });

  it('sends nothing in a preview, before runtime.json is read, or with nothing measured; keeps the values for the panel', () => {
    for (const [config, preview] of [
      [apiConfig, true],
      [() => undefined, false],
    ] as const) {
      // biome-ignore lint/suspicious/noDocumentCookie: as a browser in a preview holds it.
      document.cookie = `${previewCookie}=${preview ? 'claim.signature' : '; max-age=0'}`;
      const { measure, report } = fakeLibrary();
      const own = { ...page };
      start(own, pageLoad, config, measure);
      report('INP', 200);
      hide();
      expect(own.vitals?.()).toEqual({ INP: 200 });
      stopAll();
    }
    // biome-ignore lint/suspicious/noDocumentCookie: cleared again.
    document.cookie = `${previewCookie}=; max-age=0`;
    start({ ...page }, pageLoad, apiConfig, fakeLibrary().measure);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('names only remotes whose version is known, and nothing without slots or before the map is read', () => {
    expect(vitalsReportOf(handed, '/', [], { INP: 10 })).toBeUndefined();
    const unread = { ...handed, page: { ...page, versionOf: () => undefined } };
    expect(vitalsReportOf(unread, '/', ['mf_portfolio'], { INP: 10 })).toBeUndefined();
    const some = vitalsReportOf(
      {
        ...handed,
        page: { ...page, versionOf: (remote) => (remote === 'mf_portfolio' ? '2.0.0' : undefined) },
      },
      '/',
      ['mf_portfolio', 'mf_contact'],
      { CLS: 0 },
    );
    expect(some?.versions).toEqual([{ remote: 'mf_portfolio', version: '2.0.0' }]);
  });

  it('never throws into the page when the library or the beacon does', () => {
    const broken = {
      onLCP: () => {
        throw new Error('no observer');
      },
    } as unknown as Measure;
    expect(() => start({ ...page }, pageLoad, apiConfig, broken)).not.toThrow();
    const { measure, report } = fakeLibrary();
    start({ ...page }, pageLoad, apiConfig, measure);
    report('INP', 50);
    sendBeacon.mockImplementation(() => {
      throw new TypeError('refused');
    });
    expect(() => hide()).not.toThrow();
  });
});
