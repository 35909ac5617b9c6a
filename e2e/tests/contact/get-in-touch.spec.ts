import { expect, test } from '../../fixtures.ts';
import { ContactPageObject } from '../../pages/contact.ts';

test.describe('', { tag: ['@mf-contact', '@enquiry-api'] }, () => {
  /**
   * Get In Touch sends with @emailjs/browser's sendForm. By default its provider origin is the project's own
   * enquiry API, which answers like the hosted provider; the hosted provider itself is never called, so its
   * failures are staged on a local origin.
   */
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 768,
    'The form behaves the same at every width: tested once.',
  );

  // Some tests stand in for another environment by rewriting runtime.json in the browser (a provider on
  // another origin). That environment's server would allow the origin in its Content-Security-Policy, which
  // it builds from its own runtime.json; this server cannot know it, so its policy is not applied here
  // (the policy has its own tests in tests/quality/security.spec.ts).
  test.use({ bypassCSP: true });

  const message = {
    name: 'Clinic manager',
    email: 'manager@clinic.example',
    message: 'Can you add online booking to our site?',
  };

  test('a message goes through the API’s send-form endpoint: Sending..., the success alert, cleared fields', async ({
    page,
  }) => {
    const contact = new ContactPageObject(page);
    const alerts = contact.collectAlerts();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1.0/email/send-form', async (route) => {
      await released;
      await route.continue();
    });
    await contact.goto();
    await contact.fillGetInTouch(message);
    const responsePromise = page.waitForResponse('**/api/v1.0/email/send-form');
    await contact.getInTouchSubmit.click();

    await expect(contact.getInTouchSubmit).toHaveText('Sending...');
    await expect(contact.getInTouchSubmit).toBeDisabled();
    release();
    const response = await responsePromise;
    expect(response.status()).toBe(200);
    expect(await response.text()).toBe('OK');
    const sent = response.request().postData() ?? '';
    for (const field of ['name', 'email', 'message', 'service_id', 'template_id', 'user_id', 'lib_version']) {
      expect(sent).toContain(`name="${field}"`);
    }

    await expect.poll(() => alerts).toEqual(['Message sent successfully!']);
    await expect(contact.getInTouchSubmit).toHaveText('Send Message');
    await expect(contact.getInTouchSubmit).toBeEnabled();
    await expect(contact.getInTouchField('Full Name')).toHaveValue('');
    await expect(contact.getInTouchField('Email Address')).toHaveValue('');
    await expect(contact.getInTouchField('Message')).toHaveValue('');
  });

  test("a provider that refuses the message: its text follows 'Error sending message:' and the fields stay", async ({
    page,
  }) => {
    const contact = new ContactPageObject(page);
    const alerts = contact.collectAlerts();
    const providerOrigin = 'http://127.0.0.1:9';
    const providerText =
      'The Public Key is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/account';
    await contact.overrideEmailJs({ origin: providerOrigin, publicKey: 'revoked_key' });
    await page.route(`${providerOrigin}/api/v1.0/email/send-form`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'text/plain',
        body: providerText,
        headers: { 'Access-Control-Allow-Origin': '*' },
      }),
    );
    await contact.goto();
    await contact.fillGetInTouch(message);
    await contact.getInTouchSubmit.click();
    await expect.poll(() => alerts).toEqual([`Error sending message: ${providerText}`]);
    await expect(contact.getInTouchSubmit).toHaveText('Send Message');
    await expect(contact.getInTouchField('Full Name')).toHaveValue(message.name);
    await expect(contact.getInTouchField('Message')).toHaveValue(message.message);
  });

  test('a provider origin that cannot be reached fails with the same alert', async ({ page }) => {
    const contact = new ContactPageObject(page);
    const alerts = contact.collectAlerts();
    const providerOrigin = 'http://127.0.0.1:9';
    await contact.overrideEmailJs({ origin: providerOrigin });
    await page.route(`${providerOrigin}/**`, (route) => route.abort('connectionrefused'));
    await contact.goto();
    await contact.fillGetInTouch(message);
    await contact.getInTouchSubmit.click();
    await expect.poll(() => alerts).toEqual(['Error sending message: Network Error']);
    await expect(contact.getInTouchField('Email Address')).toHaveValue(message.email);
  });

  test('a missing service id gives the client library’s own error through the alert', async ({ page }) => {
    const contact = new ContactPageObject(page);
    const alerts = contact.collectAlerts();
    await contact.overrideEmailJs({ serviceId: '' });
    await contact.goto();
    await contact.fillGetInTouch(message);
    await contact.getInTouchSubmit.click();
    await expect
      .poll(() => alerts)
      .toEqual([
        'Error sending message: The service ID is required. Visit https://dashboard.emailjs.com/admin',
      ]);
  });
});
