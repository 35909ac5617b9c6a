import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { dataDirFrom, readInbox } from 'enquiry-api/inbox';
import { getInTouchCopy } from 'shared-content/contact';
import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, sampleEnquiry } from '../../pages/contact.ts';

test.describe('', { tag: ['@mf-contact', '@enquiry-api'] }, () => {
  /**
   * A visitor on a train: the API stores the message and answers, but the answer never reaches the page. The
   * form says so, the visitor presses Send again, and the agency still gets one message and one mail. The reply
   * is cut in the browser after the real API has committed (route.fetch, then abort); the rows are read from the
   * e2e API's own SQLite file and the mails from its outbox folder (no SMTP server in the suite).
   */
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 768,
    'The forms behave the same at every width: tested once.',
  );

  const dataDir = dataDirFrom(process.env);
  const rowsNamed = (name: string) => readInbox((inbox) => inbox.list()).filter((row) => row.name === name);
  /** The mails the outbox worker wrote for messages from `name` (it writes each once, within seconds). */
  const mailsNamed = (name: string) => {
    const outbox = join(dataDir, 'outbox');
    if (!existsSync(outbox)) return [];
    return readdirSync(outbox).filter((file) => readFileSync(join(outbox, file), 'utf8').includes(name));
  };

  /** Lets the first POST to `path` reach the API and be answered there, then cuts the reply; the rest pass. */
  async function loseFirstReply(page: Page, path: string) {
    const keys: string[] = [];
    let lost = false;
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (lost) return route.continue();
      lost = true;
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      await route.abort('connectionreset');
    });
    return keys;
  }

  test('Send Your Query: the reply is lost after the API stored it, Send again: one row, one mail, and the thank-you', async ({
    page,
  }) => {
    const name = `Lost-Reply-${Date.now()}`;
    const contact = new ContactPageObject(page);
    const keys = await loseFirstReply(page, '/send-email');
    await contact.goto();
    await contact.fillEnquiry({ ...sampleEnquiry, name });
    await contact.enquirySubmit.click();
    await expect(contact.enquiryStatus).toHaveText('Network error. Please check your connection.');
    expect(rowsNamed(name)).toHaveLength(1);

    await contact.enquirySubmit.click();
    await expect(contact.enquiryStatus).toHaveText("Thank you! We'll contact you within 24 hours.");
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(rowsNamed(name)).toHaveLength(1);
    await expect.poll(() => mailsNamed(name).length, { timeout: 15_000 }).toBe(1);
  });

  test('Get In Touch: the reply is lost after the API stored it, Send again: one row, one mail, and the success alert', async ({
    page,
  }) => {
    const name = `Lost-Touch-${Date.now()}`;
    const contact = new ContactPageObject(page);
    const alerts = contact.collectAlerts();
    const keys = await loseFirstReply(page, '/api/v1.0/email/send-form');
    await contact.goto();
    await contact.fillGetInTouch({ name, email: 'visitor@example.com', message: 'Do you build apps?' });
    await contact.getInTouchSubmit.click();
    await expect
      .poll(() => alerts)
      .toEqual([`${getInTouchCopy.errorAlertPrefix}${getInTouchCopy.noResponseText}`]);
    await expect(contact.getInTouchSubmit).toBeEnabled();
    expect(rowsNamed(name)).toHaveLength(1);

    await contact.getInTouchSubmit.click();
    await expect.poll(() => alerts.at(-1)).toBe(getInTouchCopy.successAlert);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(rowsNamed(name)).toHaveLength(1);
    await expect.poll(() => mailsNamed(name).length, { timeout: 15_000 }).toBe(1);
  });
});
