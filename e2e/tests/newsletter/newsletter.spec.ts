import { enquiryApi, originOf } from 'build-config/topology';
import { readInbox } from 'enquiry-api/inbox';
import { footerCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { NewsletterObject } from '../../pages/newsletter.ts';

/** The footer form against the real enquiry API started with the site. Behaviour is the same at both widths. */
test.describe('footer newsletter', { tag: ['@shell', '@enquiry-api'] }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, 'behaviour tested once, at desktop width');

  const api = originOf(enquiryApi, process.env);
  // Read from the API's own SQLite file: /health no longer tells anyone how many subscribers there are.
  // Counted per address, whatever its case: other spec files subscribe in parallel, so the file's total moves.
  const subscribers = (address: string) =>
    readInbox((inbox) => inbox.subscribers()).filter(
      (subscriber) => subscriber.email.toLowerCase() === address.toLowerCase(),
    ).length;

  test('subscribes: Subscribing... while sending, then the success note; a second time stores nothing new', async ({
    page,
  }) => {
    const newsletter = new NewsletterObject(page);
    const address = `reader-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
    const before = subscribers(address);

    // Hold the request until the sending state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${api}/subscribe`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await newsletter.subscribe(address);
    const busy = newsletter.region.getByRole('button', { name: footerCopy.newsletterSubmitting });
    await expect(busy).toBeDisabled();
    release();

    await expect(newsletter.status).toHaveText(footerCopy.newsletterSuccess);
    await expect(newsletter.email).toHaveValue('');
    await expect(newsletter.submit).toBeEnabled();
    expect(subscribers(address)).toBe(before + 1);

    // Idempotent per address, whatever the case: success again, and still one subscription.
    await newsletter.subscribe(address.toUpperCase());
    await expect(newsletter.status).toHaveText(footerCopy.newsletterSuccess);
    expect(subscribers(address)).toBe(before + 1);
  });

  test("shows the API's reason in red and keeps the address when the API refuses it", async ({ page }) => {
    const newsletter = new NewsletterObject(page);
    await page.goto('/');
    // The browser accepts an address without a top-level domain; the API does not, and says so.
    await newsletter.subscribe('reader@localhost');
    await expect(newsletter.status).toHaveText('Email must be a valid email address, e.g. name@example.com.');
    await expect(newsletter.email).toHaveValue('reader@localhost');
    await expect(newsletter.email).toHaveAttribute('aria-invalid', 'true');
    await expect(newsletter.status.locator('[data-tone="error"]')).toHaveCSS('color', 'rgb(185, 28, 28)');
  });

  test('the reply is lost after the API stored it, Subscribe again: the same submission, one subscriber, the success note', async ({
    page,
  }) => {
    const newsletter = new NewsletterObject(page);
    const address = `train-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
    const sent: Array<{ key: string | null; replayed?: string | null }> = [];
    await page.route(`${api}/subscribe`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const key = await route.request().headerValue('idempotency-key');
      const response = await route.fetch();
      sent.push({ key, replayed: response.headers()['idempotent-replayed'] ?? null });
      // The first reply is cut after the API has stored the subscription; the second gets through.
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    await page.goto('/');
    await newsletter.subscribe(address);
    await expect(newsletter.status).toHaveText(footerCopy.newsletterNetworkError);
    await expect(newsletter.email).toHaveValue(address);
    expect(subscribers(address)).toBe(1);

    await newsletter.region.getByRole('button').click();
    await expect(newsletter.status).toHaveText(footerCopy.newsletterSuccess);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ key: sent[0]?.key, replayed: 'true' });
    expect(subscribers(address)).toBe(1);
  });

  test('says to check the connection when the API cannot be reached', async ({ page }) => {
    const newsletter = new NewsletterObject(page);
    await page.route(`${api}/subscribe`, (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await newsletter.subscribe('reader@example.com');
    await expect(newsletter.status).toHaveText(footerCopy.newsletterNetworkError);
    await expect(newsletter.email).toHaveValue('reader@example.com');
  });

  test('leaves an empty or malformed address to the browser: nothing is sent', async ({ page }) => {
    const newsletter = new NewsletterObject(page);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${api}/subscribe`)) posted.push(request.method());
    });
    await page.goto('/');
    await newsletter.submit.click();
    await newsletter.subscribe('not-an-address');
    expect(await newsletter.email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(
      true,
    );
    await expect(newsletter.status).toHaveText('');
    expect(posted).toEqual([]);
  });
});
