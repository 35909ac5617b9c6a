import type { SendMailOptions } from 'nodemailer';
import { fieldLabels, replaceControlCharacters } from 'shared-content/enquiry';
import type { StoredMessage } from '../store/inbox.ts';

/**
 * The e-mail the agency receives for a stored message. Visitors' text reaches it only as data: escaped in the
 * HTML part, and never in a header except the subject and Reply-To name, which nodemailer encodes and from
 * which line breaks are removed here as well (the schemas already refuse them).
 */

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** Header-safe text: control characters and line separators become spaces, and the length is bounded. */
export function headerText(text: string, max = 120): string {
  const flat = replaceControlCharacters(text, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function rows(message: StoredMessage): Array<[string, string]> {
  const common: Array<[string, string]> = [
    [fieldLabels.name, message.name],
    [fieldLabels.email, message.email],
  ];
  if (message.kind === 'contact') return common;
  return [
    ...common,
    [fieldLabels.business, message.business],
    [fieldLabels.phone, message.phone],
    [fieldLabels.service, message.service || 'Not chosen'],
  ];
}

function subject(message: StoredMessage): string {
  if (message.kind === 'contact') return headerText(`New message from ${message.name} (Get In Touch)`);
  return headerText(`New enquiry from ${message.name}, ${message.business}`);
}

function textBody(message: StoredMessage): string {
  const intro =
    message.kind === 'contact'
      ? 'A visitor sent a message through the Get In Touch form.'
      : 'A visitor sent an enquiry through the contact form.';
  const lines = rows(message).map(([label, value]) => `${label}: ${value}`);
  return [
    intro,
    '',
    ...lines,
    `Received: ${message.receivedAt}`,
    '',
    `${fieldLabels.message}:`,
    message.message || '(no message)',
    '',
    `Enquiry id: ${message.id}`,
    'Reply to this e-mail to answer the visitor directly.',
    '',
  ].join('\n');
}

function htmlBody(message: StoredMessage): string {
  const tableRows = rows(message)
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const body = message.message ? escapeHtml(message.message).replace(/\n/g, '<br>') : '<em>(no message)</em>';
  return `<!doctype html><html><body><h1>${escapeHtml(subject(message))}</h1><table>${tableRows}<tr><th align="left">Received</th><td>${escapeHtml(message.receivedAt)}</td></tr></table><h2>${escapeHtml(fieldLabels.message)}</h2><p>${body}</p><p>Enquiry id: ${escapeHtml(message.id)}</p></body></html>`;
}

function domainOf(mailbox: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(mailbox);
  return match?.[1] ?? 'localhost';
}

export interface MailAddresses {
  from: string;
  to: string;
}

/** Builds the nodemailer message for a stored enquiry or Get In Touch message. */
export function composeMail(message: StoredMessage, addresses: MailAddresses): SendMailOptions {
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: { name: headerText(message.name, 100), address: headerText(message.email, 254) },
    subject: subject(message),
    text: textBody(message),
    html: htmlBody(message),
    // One id per enquiry: a retry after an unconfirmed send shows as the same mail in the agency's inbox.
    messageId: `<${message.id}@${domainOf(addresses.from)}>`,
    date: new Date(message.receivedAt),
    headers: { 'X-Enquiry-Id': message.id, 'X-Enquiry-Kind': message.kind },
    // Nothing a visitor sends may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
