import { siteConfig } from '../site/config.ts';
import { enquiryServices, fieldLabels, fieldLimits, phoneDigits } from './fields.ts';

type Field = keyof typeof fieldLabels;

/** Validation messages: each names its field, since the form shows the server's text as it is. */
export const validationMessages = {
  required: (field: Field) => `${fieldLabels[field]} is required.`,
  notText: (field: Field) => `${fieldLabels[field]} must be text.`,
  tooLong: (field: Field & keyof typeof fieldLimits) =>
    `${fieldLabels[field]} must be at most ${fieldLimits[field]} characters.`,
  singleLine: (field: Field) => `${fieldLabels[field]} must be a single line without control characters.`,
  controlCharacters: (field: Field) => `${fieldLabels[field]} must not contain control characters.`,
  invisibleCharacters: (field: Field) =>
    `${fieldLabels[field]} must not contain hidden characters, such as text-direction marks or zero-width spaces.`,
  brokenCharacter: (field: Field) =>
    `${fieldLabels[field]} has a broken character (half of an emoji or symbol). Please type it again.`,
  email: `${fieldLabels.email} must be a valid email address, e.g. name@example.com.`,
  phone: `${fieldLabels.phone} must be a phone number of ${phoneDigits.min} to ${phoneDigits.max} digits, e.g. +91 98765 43210.`,
  service: `${fieldLabels.service} must be one of: ${enquiryServices.join(', ')}.`,
  unexpectedField: (key: string) => `Unexpected field "${key.length > 40 ? `${key.slice(0, 40)}…` : key}".`,
  notAnObject: 'The request body must be a JSON object.',
} as const;

/** Replies of the enquiry API that are not about one field. Visitors may see them, so they speak plainly. */
export const apiMessages = {
  invalidJson: 'The request body is not valid JSON.',
  unreadableForm: 'The form data could not be read.',
  fileNotAccepted: (key: string) => `Field "${key}" must be text, not a file.`,
  duplicateField: (key: string) => `Field "${key}" was sent more than once.`,
  /** A JSON body naming a key twice: JSON.parse would quietly keep the last, so which one counts is refused. */
  duplicateJsonKey: (path: string) => `The request body has "${path}" more than once.`,
  /** A multipart field named like an object's internals (__proto__, constructor, prototype). */
  reservedFieldName: (key: string) => `Field "${key}" is not allowed.`,
  duplicateHost: 'The request has more than one Host header.',
  idempotencyKeyMalformed:
    'The Idempotency-Key header must be 16 to 128 letters, digits, "-", "_", "." or ":", optionally in double quotes.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send a new key with a changed message.',
  jsonRequired: 'Content-Type must be application/json.',
  formDataRequired: 'Content-Type must be multipart/form-data.',
  tooLarge: 'Your message is too long to send. Please shorten it and try again.',
  tooManyRequests: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const wait = retryAfterSeconds < 60 ? 'a minute' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
    return `Too many messages from your connection. Please try again in ${wait}.`;
  },
  originNotAllowed: 'This website is not allowed to send messages to this address.',
  storeFailed: `We could not save your message. Please try again, or write to us at ${siteConfig.email}.`,
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed.',
} as const;

/**
 * The EmailJS provider's texts for a send without one of its ids (its client library says "public key" for
 * the user id; the service's API says "user ID"). The Get In Touch form shows them after "Error sending message:".
 */
export const emailJsMessages = {
  user_id: 'The user ID is required. Visit https://dashboard.emailjs.com/admin/integration',
  service_id: 'The service ID is required. Visit https://dashboard.emailjs.com/admin',
  template_id: 'The template ID is required. Visit https://dashboard.emailjs.com/admin/templates',
  /** The provider's success body; its client treats status 200 or this text as success. */
  ok: 'OK',
} as const;
