import type { Page } from '@playwright/test';
import { remoteNames } from 'build-config/topology';
import { heroCopy, servicesCopy } from 'shared-content/marketing';
import { portfolioCategories } from 'shared-content/portfolio';
import { allRoutePaths } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, sampleEnquiry } from '../../pages/contact.ts';
import { expectedTitles, PortfolioObject } from '../../pages/portfolio.ts';
import { consoleProblems } from '../prerender/prerendered-page.ts';
import { exposeFile, scrollToEnd, slotsOf } from './page-slots.ts';

/**
 * Islands: on a page load, a section that needs no code (no `needsCode` in the route table) keeps its
 * prerendered HTML and its remote's code is never fetched; only the sections with a form, a filter or a toggle
 * load theirs. A static section's links still navigate without a document load, and a client navigation
 * renders every section with its remote's code.
 */

/** The remotes' code the page requests from now on: every request to a remote's origin but its images. */
function remoteCodeRequests(page: Page, remoteOrigin: (name: (typeof remoteNames)[number]) => string) {
  const origins = remoteNames.map((name) => `${remoteOrigin(name)}/`);
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') return;
    if (origins.some((origin) => request.url().startsWith(origin))) requested.push(request.url());
  });
  return requested;
}

/** The page's requests for the shell's federation host chunk (Module Federation's runtime). */
function federationHostRequests(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (/\/federation-host\.[0-9a-f]+\.js$/.test(new URL(request.url()).pathname))
      requested.push(request.url());
  });
  return requested;
}

/** Waits until the network has been quiet, and then a few seconds more for anything started late (idle work). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
}

/** No idle periods: only scrolling or input can bring a section that needs code to life. */
const withoutIdle = (page: Page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });

/** Marks the document, so a test can tell a client navigation (the mark stays) from a page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { islandsDocumentMark: true }));
const documentMarked = (page: Page) => page.evaluate(() => 'islandsDocumentMark' in window);

/**
 * Opens a page whose first section loads its code only when reached, with no idle time, and checks that the page
 * settled interactive while neither that section's remote nor the federation host was fetched. Returns the
 * section and the federation host's requests, to follow once the visitor reaches for it.
 */
async function openWithoutCode(
  page: Page,
  remoteOrigin: (name: (typeof remoteNames)[number]) => string,
  path: string,
  slotName: string,
) {
  await withoutIdle(page);
  const requested = remoteCodeRequests(page, remoteOrigin);
  const hosts = federationHostRequests(page);
  await page.goto(path);
  await settle(page);
  // Its section's code waits to be reached for (codeLoads in the route table), so the page is interactive
  // without it: a tap on it is held by the page loader and performed once the code is live.
  await expect(page.locator('html[data-interactive]')).toBeAttached();
  expect(requested).toEqual([]);
  expect(hosts).toEqual([]);
  const slot = page.locator(`[data-remote-slot="${slotName}"]`);
  await expect(slot).not.toHaveAttribute('data-slot-live');
  return { slot, hosts };
}

test.describe('', { tag: ['@composition'] }, () => {
  for (const path of allRoutePaths()) {
    const slots = slotsOf(path);
    const kind =
      slots.needsCode.length === 0 ? 'every slot static' : `needs code: ${slots.needsCode.join(', ')}`;
    test(`${path} (${kind}), loaded and scrolled to the end: no static slot's code is ever requested, only the needs-code slots are live, no console warning`, async ({
      page,
      remoteOrigin,
    }) => {
      const problems = consoleProblems(page);
      const requested = remoteCodeRequests(page, remoteOrigin);
      await page.goto(path);
      await scrollToEnd(page);
      await expect(page.locator('[data-remote-slot][data-slot-live]')).toHaveCount(slots.needsCode.length);
      await settle(page);

      if (slots.needsCode.length === 0) expect(requested).toEqual([]);
      const exposes = requested.filter((url) => url.includes('/__federation_expose_'));
      for (const slot of slots.static) {
        const module = slot.split('/')[1] ?? slot;
        expect(
          exposes.filter((url) => exposeFile(module).test(url)),
          slot,
        ).toEqual([]);
        const element = page.locator(`[data-remote-slot="${slot}"]`);
        await expect(element, slot).toHaveAttribute('data-slot-static', '');
        await expect(element, slot).not.toHaveAttribute('data-slot-live');
      }
      for (const slot of slots.needsCode) {
        const module = slot.split('/')[1] ?? slot;
        expect(exposes.filter((url) => exposeFile(module).test(url)).length, slot).toBeGreaterThan(0);
        await expect(page.locator(`[data-remote-slot="${slot}"]`), slot).not.toHaveAttribute(
          'data-slot-static',
        );
      }
      // React reports a hydration mismatch as a console error; nothing else may be logged either.
      expect(problems).toEqual([]);
    });
  }

  test('/ with no idle time and nothing scrolled to requests none of the remotes: every section on screen is static', async ({
    page,
    remoteOrigin,
  }) => {
    await withoutIdle(page);
    const requested = remoteCodeRequests(page, remoteOrigin);
    await page.goto('/');
    await settle(page);
    expect(requested).toEqual([]);
    // The sections that need code are still there as HTML, waiting to be scrolled to.
    for (const slot of slotsOf('/').needsCode)
      await expect(page.locator(`[data-remote-slot="${slot}"]`), slot).not.toHaveAttribute('data-slot-live');
  });

  test('/portfolio with no idle time and nothing touched loads neither the federation host nor its remote, yet is marked interactive; a chip tapped then filters the grid', async ({
    page,
    remoteOrigin,
  }) => {
    const { slot, hosts } = await openWithoutCode(
      page,
      remoteOrigin,
      '/portfolio',
      'mf_portfolio/PortfolioPage',
    );
    await expect(slot).toHaveAttribute('data-slot-when-reached', '');

    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.chip('Real Estate').click();
    await expect(slot).toHaveAttribute('data-slot-live', '');
    await expect(portfolio.pressedChips()).toHaveText(['Real Estate']);
    await expect(page).toHaveURL(/\/portfolio\?category=Real(%20|\+)Estate$/);
    const titles = await portfolio.cardTitles();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.filter((title) => !expectedTitles('Real Estate').includes(title))).toEqual([]);
    expect(hosts.length).toBe(1);
  });

  test('/contact with no idle time loads no remote code until a field is typed in; the typing is kept and the enquiry is sent', async ({
    page,
    remoteOrigin,
  }) => {
    const { slot } = await openWithoutCode(page, remoteOrigin, '/contact', 'mf_contact/ContactPage');

    // Typed while the form's code is on its way: the field keeps it and the form adopts it (useHydratedForm).
    const contact = new ContactPageObject(page);
    await contact.fillEnquiry(sampleEnquiry);
    await expect(slot).toHaveAttribute('data-slot-live', '');
    expect(await contact.enquiryValues()).toEqual(sampleEnquiry);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/send-email') && res.request().method() === 'POST'),
      contact.enquirySubmit.click(),
    ]);
    expect(response.request().postDataJSON()).toEqual(sampleEnquiry);
    await expect(contact.enquiryStatus).toHaveText("Thank you! We'll contact you within 24 hours.");
  });

  test("the home page's portfolio filter, scrolled to with no idle time, filters the grid, and no static section's code is loaded on the way", async ({
    page,
  }) => {
    await withoutIdle(page);
    const exposes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/__federation_expose_')) exposes.push(request.url());
    });
    await page.goto('/');
    const portfolio = new PortfolioObject(page, 'home');
    await portfolio.region.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-remote-slot="mf_portfolio/PortfolioSection"]')).toHaveAttribute(
      'data-slot-live',
      '',
    );
    await expect(portfolio.pressedChips()).toHaveText([portfolioCategories[0] ?? 'ECommerce']);
    await portfolio.chip('Real Estate').click();
    await expect(portfolio.pressedChips()).toHaveText(['Real Estate']);
    await expect(portfolio.cards).toHaveCount(expectedTitles('Real Estate', 6).length);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('Real Estate', 6));
    // The static sections passed on the way never asked for theirs. (A filter written to the query loads the
    // page's other needs-code sections first: HydrationAwareRouter.)
    const needsCode = slotsOf('/').needsCode.map((slot) => exposeFile(slot.split('/')[1] ?? slot));
    expect(exposes.filter((url) => !needsCode.some((file) => file.test(url)))).toEqual([]);
  });

  test("a link in a static section (Hero's Explore Our Services) navigates without a document load, and the page it opens runs its remote's code", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (exposeFile('ServicesPage').test(request.url())) requested.push(request.url());
    });
    await page.goto('/');
    const hero = page.locator('[data-remote-slot="mf_marketing/Hero"]');
    await expect(hero).toHaveAttribute('data-slot-static', '');
    await markDocument(page);
    await hero.getByRole('link', { name: heroCopy.secondaryCta.label }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1, name: servicesCopy.heading })).toBeVisible();
    expect(await documentMarked(page)).toBe(true);
    // A client navigation renders the section with its code, as before islands (it stays marked static: the
    // mark says what the section needs, not how it was rendered).
    await expect(page.locator('[data-remote-slot="mf_marketing/ServicesPage"]')).toHaveAttribute(
      'data-slot-live',
      '',
    );
    expect(requested.length).toBeGreaterThan(0);
  });

  test('a client navigation from a static page to /contact (its section\'s "Schedule Free Consultation") runs the forms: an enquiry reaches the API and is thanked', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/services');
    const services = page.locator('[data-remote-slot="mf_marketing/ServicesPage"]');
    await expect(services).toHaveAttribute('data-slot-static', '');
    await markDocument(page);
    await services.getByRole('link', { name: servicesCopy.banner.cta }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const contact = new ContactPageObject(page);
    await contact.enquiryForm.waitFor();
    expect(await documentMarked(page)).toBe(true);
    await contact.fillEnquiry(sampleEnquiry);
    const [response] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/send-email') && res.request().method() === 'POST'),
      contact.enquirySubmit.click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual(sampleEnquiry);
    await expect(contact.enquiryStatus).toHaveText("Thank you! We'll contact you within 24 hours.");
    expect(consoleErrors).toEqual([]);
  });
});
