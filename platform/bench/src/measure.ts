/**
 * The bench's measuring: every route of both sites, run by run, with Lighthouse and the phone profile, and the
 * tables printed at the end (index.ts serves the sites).
 */
import type { Browser } from 'playwright-core';
import { formatRatios, formatTable, medianFigures, summariseRuns } from './figures.ts';
import { type PageFigures, runLighthouse } from './lighthouse-run.ts';
import type { BenchOptions } from './options.ts';
import { formatJsBreakdown, formatPhoneTable, type PhoneFigures, summarisePhone } from './phone-figures.ts';
import { launchPhoneBrowser, phoneProfileLabel, runPhoneProfile } from './phone-run.ts';
import { warmUp } from './warm-up.ts';

export interface SiteUrls {
  federated: string;
  oneBundle: string;
}
type Site = keyof SiteUrls;
const siteNames = ['federated', 'oneBundle'] as const;

/** Each route's figures of each run, per site. */
interface Results {
  lighthouse: Record<Site, Map<string, PageFigures[]>>;
  phone: Record<Site, Map<string, PhoneFigures[]>>;
}

const record = <T>(results: Map<string, T[]>, route: string, figures: T) =>
  results.set(route, [...(results.get(route) ?? []), figures]);

interface Run {
  options: BenchOptions;
  sites: SiteUrls;
  chromePath: string;
  results: Results;
}

async function measureLighthouse(
  { options, sites, chromePath, results }: Run,
  run: number,
  route: string,
  site: Site,
) {
  const figures = await runLighthouse(`${sites[site]}${route}`, chromePath);
  record(results.lighthouse[site], route, figures);
  console.log(
    `run ${run}/${options.runs} ${site.padEnd(9)} ${route.padEnd(11)} perf ${figures.performance}  ` +
      `LCP ${Math.round(figures.lcpMs)} ms  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}`,
  );
}

async function measurePhone(
  { options, sites, results }: Run,
  browser: Browser,
  run: number,
  route: string,
  site: Site,
) {
  const figures = await runPhoneProfile(browser, `${sites[site]}${route}`);
  record(results.phone[site], route, figures);
  const kB = (bytes: number) => (bytes / 1024).toFixed(1);
  const tapText = earlyTapText(figures.tap.afterFcpMs, figures.tap.drawerMs);
  console.log(
    `phone ${run}/${options.runs} ${site.padEnd(9)} ${route.padEnd(11)} FCP ${Math.round(figures.fcpMs)} ms  ` +
      `LCP ${Math.round(figures.lcpMs)} ms  paint seen at ${Math.round(figures.paintSeenAtMs)} ms  ` +
      `idle at ${Math.round(figures.idleAtMs)} ms  ` +
      `JS ${kB(figures.jsBeforeIdle)} / ${kB(figures.jsAfterIdle)} / ${kB(figures.jsAfterScroll)} kB  ${tapText}` +
      (figures.filterTap
        ? `  filter ${earlyTapText(figures.filterTap.afterFcpMs, figures.filterTap.filteredMs)}`
        : '') +
      (figures.capped.length > 0 ? `  (capped at 20 s: ${figures.capped.join(', ')})` : ''),
  );
  if (options.verbose) console.log(formatJsBreakdown(figures.jsBeforeIdleByUrl));
}

function printLighthouse({ options, sites, results }: Run) {
  const { routes, runs } = options;
  const summaries = (site: Site) =>
    routes.map((route) => [route, summariseRuns(results.lighthouse[site].get(route) ?? [])] as const);
  const medians = (site: Site) =>
    new Map(routes.map((route) => [route, medianFigures(results.lighthouse[site].get(route) ?? [])]));
  console.log(
    `\nLighthouse 12, mobile, simulated throttling; median and worst of ${runs} run(s) per route\n`,
  );
  console.log(formatTable(`Federated (${sites.federated})`, summaries('federated')));
  console.log();
  console.log(formatTable(`One bundle (${sites.oneBundle})`, summaries('oneBundle')));
  console.log();
  console.log(formatRatios(medians('federated'), medians('oneBundle')));
}

function printPhone({ options, results }: Run) {
  const summary = (site: Site, route: string) => {
    const figures = results.phone[site].get(route);
    return figures?.length ? summarisePhone(figures) : undefined;
  };
  const rows = options.routes.map((route) => ({
    route,
    federated: summary('federated', route),
    oneBundle: summary('oneBundle', route),
  }));
  console.log();
  console.log(formatPhoneTable(`${phoneProfileLabel}, median of ${options.runs}`, rows));
}

/** Every route of both sites, each run, then the tables. */
export async function measureSites(options: BenchOptions, sites: SiteUrls, chromePath: string) {
  const { runs, routes } = options;
  const results: Results = {
    lighthouse: { federated: new Map(), oneBundle: new Map() },
    phone: { federated: new Map(), oneBundle: new Map() },
  };
  const context: Run = { options, sites, chromePath, results };
  const browser = options.phone ? await launchPhoneBrowser(chromePath) : undefined;
  try {
    const warmUpBrowser = browser ?? (await launchPhoneBrowser(chromePath));
    await warmUp(
      warmUpBrowser,
      routes.flatMap((route) => siteNames.map((site) => `${sites[site]}${route}`)),
    );
    if (!browser) await warmUpBrowser.close();
    // Interleaved (run by run, route by route, both builds), so a slower minute of the machine hits both alike.
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        for (const site of siteNames) {
          if (options.lighthouse) await measureLighthouse(context, run, route, site);
          if (browser) await measurePhone(context, browser, run, route, site);
        }
      }
    }
    if (options.lighthouse) printLighthouse(context);
    if (browser) printPhone(context);
  } finally {
    await browser?.close();
  }
}

/** One run's early tap (on the menu, or on a filter chip), as the run's line prints it. */
function earlyTapText(afterFcpMs: number | null, shownMs: number | null): string {
  if (afterFcpMs === null) return 'tap not seen';
  return `tap at FCP+${Math.round(afterFcpMs)} ms: ${shownMs === null ? 'lost' : `${Math.round(shownMs)} ms`}`;
}
