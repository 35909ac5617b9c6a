import { enquiryApi, originOf, remotes } from 'build-config/topology';
import { expect, test } from '../../fixtures.ts';

/**
 * The enquiry API as the site's pages reach it: started with the site, named in runtime.json, and answering
 * cross-origin calls from the shell's origin (and only from it) in a real browser.
 */
const api = originOf(enquiryApi, process.env);
const enquiry = {
  name: 'Shop Owner',
  email: 'owner@shop.example',
  business: 'Corner Bakery',
  phone: '+91 98765 43210',
  service: 'Website Development',
  message: 'Sent from the e2e suite.',
};

test.describe('enquiry API', { tag: ['@enquiry-api', '@mf-contact'] }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, 'no layout involved: desktop only');

  test('runs with the site, and runtime.json points both forms at it', async ({ request }) => {
    const runtime = await (await request.get('/runtime.json')).json();
    expect(runtime).toMatchObject({ apiUrl: api, emailjs: { origin: api } });
    const health = await request.get(`${api}/health`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, status: 'ok' });
  });

  test('answers the main form and the Get In Touch form from a page of the site', async ({ page }) => {
    await page.goto('/contact');
    const results = await page.evaluate(
      async ({ api, enquiry }) => {
        const runtime = (await (await fetch('/runtime.json')).json()) as {
          apiUrl: string;
          emailjs: { origin: string; serviceId: string; templateId: string; publicKey: string };
        };
        const post = (body: unknown) =>
          fetch(`${runtime.apiUrl}/send-email`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
        const ok = await post(enquiry);
        const bad = await post({ ...enquiry, phone: '' });
        const form = new FormData();
        for (const [key, value] of Object.entries({
          name: enquiry.name,
          email: enquiry.email,
          message: enquiry.message,
          lib_version: '3.6.0',
          service_id: runtime.emailjs.serviceId,
          template_id: runtime.emailjs.templateId,
          user_id: runtime.emailjs.publicKey,
        })) {
          form.append(key, value);
        }
        const sent = await fetch(`${runtime.emailjs.origin}/api/v1.0/email/send-form`, {
          method: 'POST',
          body: form,
        });
        return {
          api,
          ok: { status: ok.status, body: await ok.json() },
          bad: { status: bad.status, body: await bad.json() },
          sent: { status: sent.status, text: await sent.text() },
        };
      },
      { api, enquiry },
    );
    expect(results.ok.status).toBe(200);
    expect(results.ok.body).toMatchObject({ ok: true, id: expect.any(String) });
    expect(results.bad).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'Phone number is required.', field: 'phone' }),
    });
    expect(results.sent).toEqual({ status: 200, text: 'OK' });
  });

  test('refuses pages of any other origin (CORS)', async ({ page }) => {
    // A remote's static host is another origin on this machine: its pages must not reach the API.
    await page.goto(`${originOf(remotes.mf_contact, process.env)}/`);
    const outcome = await page.evaluate(async (url) => {
      try {
        await fetch(`${url}/send-email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        });
        return 'reached';
      } catch (error) {
        return (error as Error).name;
      }
    }, api);
    expect(outcome).toBe('TypeError');
  });
});
