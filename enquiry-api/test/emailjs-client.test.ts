// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:7000/contact" }
import { join } from 'node:path';
import emailjs from '@emailjs/browser';
import { honeypotField } from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, readInbox, removeDir, startApi, temporaryDir } from './support/processes.ts';

/**
 * The Get In Touch form's real client library, @emailjs/browser, posting a real <form> from a page on the
 * site's origin (jsdom's XMLHttpRequest, with its CORS checks) to the API's EmailJS-compatible endpoint.
 */
describe('@emailjs/browser sendForm against the API', () => {
  const dir = temporaryDir('emailjs');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({ dataDir: join(dir, 'data') });
    emailjs.init('local_public_key', api.url);
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  function contactForm(values: Record<string, string>): HTMLFormElement {
    const form = document.createElement('form');
    for (const [name, value] of Object.entries(values)) {
      const input = document.createElement(name === 'message' ? 'textarea' : 'input');
      input.setAttribute('name', name);
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    return form;
  }

  it('sends the form and gets the provider answer: status 200, text OK', async () => {
    const form = contactForm({
      name: 'Site Visitor',
      email: 'visitor@example.com',
      message: 'Can you redesign our website?',
      [honeypotField]: '',
    });
    const result = await emailjs.sendForm('local_service', 'local_template', form);
    expect(result).toMatchObject({ status: 200, text: 'OK' });
    const rows = readInbox(api.dataDir, (inbox) => inbox.list({ kind: 'contact' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Site Visitor',
      email: 'visitor@example.com',
      message: 'Can you redesign our website?',
    });
  });

  it('rejects with the status and the text the form shows after "Error sending message:"', async () => {
    const form = contactForm({ name: 'Site Visitor', email: 'visitor@example.com', message: '' });
    await expect(emailjs.sendForm('local_service', 'local_template', form)).rejects.toMatchObject({
      status: 400,
      text: 'Message is required.',
    });
  });
});
