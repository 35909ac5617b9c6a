import { describe, expect, it } from 'vitest';
import type { StoredMessage } from '../store/inbox.ts';
import { composeMail, escapeHtml, headerText } from './compose.ts';

const message: StoredMessage = {
  id: '0b9f1c1e-6f59-4a39-9d3c-2f1d7b0e9a11',
  kind: 'enquiry',
  receivedAt: '2025-01-31T10:00:00.000Z',
  name: 'Shop Owner',
  email: 'owner@shop.example',
  business: 'Tea & Co <Ltd>',
  phone: '+91 98765 43210',
  service: '',
  message: '<script>alert(1)</script>\nThanks',
  deliveredAt: null,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  outboxFile: null,
};

describe('composeMail', () => {
  const mail = composeMail(message, { from: 'Site <site@agency.example>', to: 'inbox@agency.example' });

  it('escapes the visitor text in the HTML part', () => {
    expect(mail.html).toContain('Tea &amp; Co &lt;Ltd&gt;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>Thanks');
    expect(mail.html).not.toContain('<script>');
  });

  it('addresses the agency, replies to the visitor, and ids the mail by the enquiry', () => {
    expect(mail).toMatchObject({
      from: 'Site <site@agency.example>',
      to: 'inbox@agency.example',
      replyTo: { name: 'Shop Owner', address: 'owner@shop.example' },
      subject: 'New enquiry from Shop Owner, Tea & Co <Ltd>',
      messageId: `<${message.id}@agency.example>`,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    expect(mail.text).toContain('Service: Not chosen');
  });

  it('titles Get In Touch messages apart from enquiries', () => {
    const contact = composeMail({ ...message, kind: 'contact' }, { from: 'a@b.example', to: 'c@d.example' });
    expect(contact.subject).toBe('New message from Shop Owner (Get In Touch)');
    expect(contact.text).not.toContain('Business name');
  });
});

describe('header helpers', () => {
  it('flattens line breaks and control characters and bounds the length', () => {
    expect(headerText('a\r\nBcc: x@y.example\u0000b')).toBe('a Bcc: x@y.example b');
    expect(headerText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
