import { headerCopy } from 'shared-content/site';
import { type EngineDriver, waitFor } from './driver.ts';

/**
 * The site's parts in CSS terms for the foreign drivers (which have no role queries); the Chromium specs' page
 * objects (e2e/pages/) find the same elements by role and name.
 */
export const selectors = {
  header: '[data-testid="site-header"]',
  mainNav: 'nav[aria-label="Main"]',
  menuToggle: `button[aria-label="${headerCopy.openMenu}"]`,
  drawer: '#mobile-drawer',
  portfolioRegion: '#portfolio',
  chips: '#portfolio [role="group"] button',
  cardTitles: '#portfolio article [id$="-title"]',
  enquiryForm: 'form[aria-labelledby="send-your-query-heading"]',
  getInTouchForm: 'form[aria-labelledby="get-in-touch-form-heading"]',
  newsletterEmail: '#newsletter-email',
  newsletterStatus: '#newsletter-status',
  faqQuestions: 'button[id^="faq-"][id$="-question"]',
  footer: 'footer',
} as const;

/** Waits until a heading with exactly this text is shown. */
export function headingShown(driver: EngineDriver, text: string) {
  return waitFor(
    driver,
    `the heading "${text}"`,
    (wanted: string) =>
      Array.from(document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')).some(
        (heading) => heading.textContent?.trim() === wanted && heading.getClientRects().length > 0,
      ),
    text,
  );
}

/** The trimmed texts of the visible elements matching the selector. */
export function texts(driver: EngineDriver, selector: string): Promise<string[]> {
  return driver.evaluate(
    (css: string) =>
      Array.from(document.querySelectorAll<HTMLElement>(css))
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => element.textContent?.trim() ?? ''),
    selector,
  );
}

/** The values of form fields, by id. */
export function fieldValues(driver: EngineDriver, ids: readonly string[]): Promise<string[]> {
  return driver.evaluate(
    (wanted: string[]) =>
      wanted.map((id) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? '(missing)'),
    [...ids],
  );
}

/** Whether an element matching the selector is laid out and not hidden. */
export function shown(driver: EngineDriver, selector: string): Promise<boolean> {
  return driver.evaluate((css: string) => {
    const element = document.querySelector<HTMLElement>(css);
    return (
      !!element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
    );
  }, selector);
}

/** An address no other test uses, so the API's store can be asked about exactly this visitor. */
export const uniqueAddress = (who: string) =>
  `${who}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
