import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type RouteEntry, routes, siteConfig } from 'shared-content/site';

/** Every canonical route of the route table, plus a path outside it (the 404 page). */
export const canonicalRoutes: RouteEntry[] = Object.values(routes);
export const notFoundPath = '/no-such-page';
export const everyPagePath = [...canonicalRoutes.map((route) => route.path), notFoundPath];

/** The site URL the server was started with (the same rule as platform/pages/src/pages/site-url.ts). */
export const expectedSiteUrl = new URL(process.env.AGENCY_SITE_URL?.trim() || siteConfig.siteUrl).origin;

/** WCAG 2.0–2.2 A and AA, plus axe's best practices (unique landmarks, one main, headings in order…). */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Waits until the page's heading is there and every remote slot has finished loading. */
export async function settle(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('[data-slot-state="loading"]').first().waitFor({ state: 'detached' });
}

/** axe's violations on the page (or inside a CSS selector) as "rule: help (targets)", naming what to fix. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Bands off screen are not painted until the visitor scrolls near them (content-visibility: auto, Section.tsx),
  // and axe finds a text's background by hit-testing what is painted: it would read the colour of whatever lies
  // behind the unpainted band. So every band is painted for the check; what it looks like does not change.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // A colour still changing (a chip easing out of its pressed style after another was pressed) is between two
  // states: wait for CSS transitions to end, so axe reads the colours the visitor is left with.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(axeTags);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** Starts collecting Content-Security-Policy violations in every document the page opens. */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** A Content-Security-Policy header as directive name → sources. */
export function parsePolicy(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The JSON-LD documents of an HTML page. */
export function jsonLdDocuments(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

/** The content of a <meta> in an HTML page (by name= or property=), or null. */
export function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = html.match(
    new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`),
  );
  return (
    match?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&') ?? null
  );
}
