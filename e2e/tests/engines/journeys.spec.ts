import { readInbox } from 'enquiry-api/inbox';
import { toolInstalled } from 'platform-kit/testing/tools';
import { contactHeroCopy, enquiryFormCopy, faqCopy, faqItems, getInTouchCopy } from 'shared-content/contact';
import { heroCopy, servicesCopy } from 'shared-content/marketing';
import { allProjectsLabel, defaultCategory, portfolioCopy, projects } from 'shared-content/portfolio';
import { footerCopy, headerCopy, mainNav } from 'shared-content/site';
import { byText, type EngineDriver, foreignEngines, waitFor, waitForValue } from '../../engines/driver.ts';
import { expect, test } from '../../engines/open.ts';
import { fieldValues, headingShown, selectors, shown, texts, uniqueAddress } from '../../engines/site.ts';
import { sampleEnquiry } from '../../pages/contact.ts';
import { expectedTitles } from '../../pages/portfolio.ts';

/**
 * The visitor journeys of the Chromium specs, in Firefox ESR and WebKitGTK (e2e/engines/): each test opens its
 * own browser of one engine against the suite's site and names the engine in its title. One window width per
 * engine (desktop), except the drawer, which exists only at a phone's width.
 */
const noConsoleErrors = async (driver: EngineDriver) =>
  expect(await driver.consoleErrors(), `[${driver.engine}] console errors`).toEqual([]);

const storedMessages = (email: string) =>
  readInbox((inbox) => inbox.list()).filter((message) => message.email === email);

for (const engine of foreignEngines) {
  test.describe('', { tag: ['@shell'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    test(`[${engine}] header: the five links lead to their pages, with no console error`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      await driver.goto(`${baseURL}/`);
      await headingShown(driver, heroCopy.headline);
      expect(await texts(driver, `${selectors.mainNav} li`)).toEqual(mainNav.map((link) => link.name));
      const contactUs = await byText(driver, `${selectors.mainNav} a`, headerCopy.contactButton);
      expect(
        await driver.evaluate((css: string) => document.querySelector(css)?.getAttribute('href'), contactUs),
      ).toMatch(/^mailto:/);
      await driver.click(await byText(driver, `${selectors.mainNav} a`, 'Portfolio'));
      await waitForValue(driver, 'the path', '/portfolio', () => location.pathname);
      await headingShown(driver, portfolioCopy.heading);
      await driver.click(await byText(driver, `${selectors.mainNav} a`, 'Contact'));
      await waitForValue(driver, 'the path', '/contact', () => location.pathname);
      await headingShown(driver, contactHeroCopy.heading);
      await driver.click(await byText(driver, `${selectors.mainNav} a`, 'Home'));
      await waitForValue(driver, 'the path', '/', () => location.pathname);
      await headingShown(driver, heroCopy.headline);
      await noConsoleErrors(driver);
    });

    test(`[${engine}] drawer at a phone's width: opens, and its link navigates and closes it`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine, { width: 'phone' });
      await driver.goto(`${baseURL}/`);
      expect(await shown(driver, selectors.mainNav), 'the desktop links at a phone width').toBe(false);
      expect(await shown(driver, selectors.drawer)).toBe(false);
      await driver.click(selectors.menuToggle);
      await waitFor(
        driver,
        'the drawer to open',
        (css: string) => {
          const drawer = document.querySelector(css);
          return !!drawer && drawer.getClientRects().length > 0 && !drawer.hasAttribute('inert');
        },
        selectors.drawer,
      );
      expect(
        await driver.evaluate(
          (css: string) => document.querySelector(css)?.getAttribute('aria-expanded'),
          selectors.menuToggle,
        ),
      ).toBe('true');
      await driver.click(await byText(driver, `${selectors.drawer} a`, 'Services'));
      await waitForValue(driver, 'the path', '/services', () => location.pathname);
      await headingShown(driver, servicesCopy.heading);
      await waitForValue(
        driver,
        'the drawer to close',
        true,
        (css: string) => document.querySelector(css)?.hasAttribute('inert') ?? false,
        selectors.drawer,
      );
      await noConsoleErrors(driver);
    });
  });

  test.describe('', { tag: ['@mf-portfolio'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    test(`[${engine}] portfolio filter: a chip shows its projects, All Projects and View More every project`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      await driver.goto(`${baseURL}/portfolio`);
      const pressed = () =>
        driver.evaluate(
          (css: string) =>
            Array.from(document.querySelectorAll(css))
              .filter((chip) => chip.getAttribute('aria-pressed') === 'true')
              .map((chip) => chip.textContent?.trim()),
          selectors.chips,
        );
      expect(await pressed()).toEqual([defaultCategory]);
      expect(await texts(driver, selectors.cardTitles)).toEqual(expectedTitles(defaultCategory, 6));

      await driver.click(await byText(driver, selectors.chips, 'Real Estate'));
      await waitForValue(
        driver,
        'the chosen chip',
        ['Real Estate'],
        (css: string) =>
          Array.from(document.querySelectorAll(css))
            .filter((chip) => chip.getAttribute('aria-pressed') === 'true')
            .map((chip) => chip.textContent?.trim()),
        selectors.chips,
      );
      await waitForValue(
        driver,
        'the cards',
        expectedTitles('Real Estate', 6),
        (css: string) =>
          Array.from(document.querySelectorAll<HTMLElement>(css)).map((title) => title.textContent?.trim()),
        selectors.cardTitles,
      );
      expect(await driver.evaluate(() => location.search)).toBe(
        `?${new URLSearchParams({ category: 'Real Estate' })}`,
      );

      await driver.click(await byText(driver, selectors.chips, allProjectsLabel));
      await driver.click(await byText(driver, `${selectors.portfolioRegion} button`, portfolioCopy.viewMore));
      await waitForValue(
        driver,
        'every project',
        projects.map((project) => project.title),
        (css: string) =>
          Array.from(document.querySelectorAll<HTMLElement>(css)).map((title) => title.textContent?.trim()),
        selectors.cardTitles,
      );
      await noConsoleErrors(driver);
    });
  });

  test.describe('', { tag: ['@mf-contact', '@enquiry-api'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    const enquiryFields = ['name', 'email', 'business', 'phone', 'service', 'message'].map(
      (field) => `enquiry-${field}`,
    );

    test(`[${engine}] Send Your Query: the API stores the enquiry, the thanks show, the fields clear`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      const enquiry = { ...sampleEnquiry, email: uniqueAddress(`enquiry-${engine}`) };
      await driver.goto(`${baseURL}/contact`);
      await driver.type('#enquiry-name', enquiry.name);
      await driver.type('#enquiry-email', enquiry.email);
      await driver.type('#enquiry-business', enquiry.business);
      await driver.type('#enquiry-phone', enquiry.phone);
      await driver.select('#enquiry-service', enquiry.service ?? '');
      await driver.type('#enquiry-message', enquiry.message ?? '');
      expect(await fieldValues(driver, enquiryFields)).toEqual([
        enquiry.name,
        enquiry.email,
        enquiry.business,
        enquiry.phone,
        enquiry.service,
        enquiry.message,
      ]);
      await driver.click(`${selectors.enquiryForm} button[type="submit"]`);
      await waitForValue(
        driver,
        'the form status',
        enquiryFormCopy.success,
        (css: string) => document.querySelector(`${css} [role="status"]`)?.textContent?.trim(),
        selectors.enquiryForm,
      );
      expect(await fieldValues(driver, enquiryFields)).toEqual(['', '', '', '', '', '']);
      const [stored] = storedMessages(enquiry.email);
      expect(stored).toMatchObject({ kind: 'enquiry', name: enquiry.name, service: enquiry.service });
      await noConsoleErrors(driver);
    });

    test(`[${engine}] Get In Touch: the API takes the message, the success alert, the fields clear`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      const message = {
        name: 'Clinic manager',
        email: uniqueAddress(`contact-${engine}`),
        message: 'Online booking?',
      };
      await driver.goto(`${baseURL}/contact`);
      await driver.type('#contact-name', message.name);
      await driver.type('#contact-email', message.email);
      await driver.type('#contact-message', message.message);
      await driver.click(`${selectors.getInTouchForm} button[type="submit"]`);
      expect(await driver.acceptAlert()).toBe(getInTouchCopy.successAlert);
      await waitForValue(driver, 'the cleared fields', ['', '', ''], () =>
        ['contact-name', 'contact-email', 'contact-message'].map(
          (id) => (document.getElementById(id) as HTMLInputElement).value,
        ),
      );
      expect(storedMessages(message.email)).toHaveLength(1);
      await noConsoleErrors(driver);
    });
  });

  test.describe('', { tag: ['@shell', '@enquiry-api'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    test(`[${engine}] newsletter: subscribes through the API and shows the success note`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      const address = uniqueAddress(`reader-${engine}`);
      await driver.goto(`${baseURL}/`);
      await driver.type(selectors.newsletterEmail, address);
      await driver.click(await byText(driver, `${selectors.footer} button`, footerCopy.newsletterButton));
      await waitForValue(
        driver,
        'the newsletter status',
        footerCopy.newsletterSuccess,
        (css: string) => document.querySelector(css)?.textContent?.trim(),
        selectors.newsletterStatus,
      );
      expect(await fieldValues(driver, ['newsletter-email'])).toEqual(['']);
      const subscribed = readInbox((inbox) => inbox.subscribers()).filter((one) => one.email === address);
      expect(subscribed).toHaveLength(1);
      await noConsoleErrors(driver);
    });
  });

  test.describe('', { tag: ['@mf-contact'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    test(`[${engine}] FAQ: starts closed, one answer open at a time, a second click closes it`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine);
      const expanded = (css: string) =>
        Array.from(document.querySelectorAll(css)).map((question) => question.getAttribute('aria-expanded'));
      const answersShown = () =>
        Array.from(document.querySelectorAll<HTMLElement>('[id^="faq-"][id$="-answer"]')).filter(
          (answer) => answer.getClientRects().length > 0,
        ).length;
      const closed = faqItems.map(() => 'false');
      const only = (index: number) => closed.map((value, at) => (at === index ? 'true' : value));
      await driver.goto(`${baseURL}/contact`);
      await headingShown(driver, faqCopy.heading);
      expect(await driver.evaluate(expanded, selectors.faqQuestions)).toEqual(closed);
      expect(await driver.evaluate(answersShown)).toBe(0);

      await driver.click('#faq-1-question');
      await waitForValue(driver, 'the first answer open', only(0), expanded, selectors.faqQuestions);
      await waitForValue(driver, 'one answer shown', 1, answersShown);
      await driver.click('#faq-2-question');
      await waitForValue(driver, 'only the second answer open', only(1), expanded, selectors.faqQuestions);
      await waitForValue(driver, 'one answer shown', 1, answersShown);
      await driver.click('#faq-2-question');
      await waitForValue(driver, 'every answer closed', closed, expanded, selectors.faqQuestions);
      await waitForValue(driver, 'no answer shown', 0, answersShown);
      await noConsoleErrors(driver);
    });
  });

  test.describe('', { tag: ['@composition'] }, () => {
    test.skip(
      !toolInstalled(engine),
      'the engine is missing: npm test installs it with apt (docs/testing.md)',
    );

    const routeHeadings: Array<[path: string, headings: string[]]> = [
      ['/', [heroCopy.headline, portfolioCopy.heading]],
      ['/portfolio', [portfolioCopy.heading]],
      [
        '/contact',
        [contactHeroCopy.heading, enquiryFormCopy.heading, faqCopy.heading, getInTouchCopy.heading],
      ],
    ];

    test(`[${engine}] JavaScript off: /, /portfolio and /contact show their prerendered content, styled`, async ({
      open,
      baseURL,
    }) => {
      const driver = await open(engine, { javaScript: false });
      for (const [path, headings] of routeHeadings) {
        await driver.goto(`${baseURL}${path}`);
        for (const heading of headings) await headingShown(driver, heading);
        const page = await driver.evaluate(
          (header: string, quickLinks: string) => {
            const bar = document.querySelector<HTMLElement>(header);
            return {
              ranScripts: document.documentElement.hasAttribute('data-hydrated'),
              waiting: document.querySelectorAll('[data-slot-state]').length,
              header: bar && {
                position: getComputedStyle(bar).position,
                height: bar.getBoundingClientRect().height,
              },
              footer: !!document.querySelector('footer')?.textContent?.includes(quickLinks),
            };
          },
          selectors.header,
          footerCopy.quickLinksHeading,
        );
        expect(page, `[${engine}] ${path}`).toEqual({
          ranScripts: false,
          waiting: 0,
          header: { position: 'fixed', height: 80 },
          footer: true,
        });
      }
    });
  });
}
