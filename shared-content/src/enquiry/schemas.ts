import * as z from 'zod';
import { hasControlCharacters } from './control-characters.ts';
import { enquiryServices, fieldLimits, phoneDigits } from './fields.ts';
import { hasInvisibleFormatting, hasLoneSurrogate } from './invisible-characters.ts';
import { validationMessages as say } from './messages.ts';
import { type FieldIssue, fieldPath } from './replies.ts';

/**
 * The request schemas of the enquiry API, defined once: the API validates with them and the forms may too.
 * Each parses the raw request and returns the cleaned value (trimmed, line endings normalised).
 */

type LimitedField = keyof typeof fieldLimits;
type LineField = 'name' | 'email' | 'business' | 'phone';

/** Line breaks and other control characters: never allowed in a one-line field (they could forge mail headers). */
const isSingleLine = (value: string) => !hasControlCharacters(value);
/** A multi-line field allows tab and line breaks, and no other control characters. */
const isCleanText = (value: string) => !hasControlCharacters(value, true);

/** Any text: a lone surrogate (half a character) cannot be stored as UTF-8, so every field refuses it. */
function textField(field: LimitedField) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? say.required(field) : say.notText(field)),
    })
    .refine((value) => !hasLoneSurrogate(value), say.brokenCharacter(field));
}

/**
 * A one-line field: no control characters (a line break could forge a mail header), and no bidi controls or
 * zero-width characters (they reach the mail's Subject and Reply-To name, where "Invoice \u202Egnp.exe" reads
 * as "Invoice exe.png").
 */
function lineField(field: LineField) {
  return textField(field)
    .refine(isSingleLine, say.singleLine(field))
    .refine((value) => !hasInvisibleFormatting(value), say.invisibleCharacters(field));
}

/** A required one-line text field: trimmed, not empty, bounded, no control or hidden characters. */
function requiredLine(field: 'name' | 'business') {
  return lineField(field).trim().min(1, say.required(field)).max(fieldLimits[field], say.tooLong(field));
}

function messageText(required: boolean) {
  const base = textField('message')
    .refine(isCleanText, say.controlCharacters('message'))
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(fieldLimits.message, say.tooLong('message'));
  return required ? base.min(1, say.required('message')) : base;
}

const email = lineField('email')
  .trim()
  .min(1, say.required('email'))
  .max(fieldLimits.email, say.tooLong('email'))
  .pipe(z.email({ error: say.email }));

const phone = lineField('phone')
  .trim()
  .min(1, say.required('phone'))
  .max(fieldLimits.phone, say.tooLong('phone'))
  .regex(/^\+?[0-9][0-9 ().-]*$/, say.phone)
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= phoneDigits.min && digits <= phoneDigits.max;
  }, say.phone);

const service = z.enum(['', ...enquiryServices], { error: say.service }).default('');

/** Object-level problems: a body that is not an object, or a field the form does not have. */
function objectError(issue: { code: string; keys?: string[] }) {
  if (issue.code === 'unrecognized_keys') return say.unexpectedField(issue.keys?.[0] ?? '');
  if (issue.code === 'invalid_type') return say.notAnObject;
  return undefined;
}

/** The main form (POST /send-email): name, email, business and phone required; service and message optional. */
export const enquirySchema = z.strictObject(
  {
    name: requiredLine('name'),
    email,
    business: requiredLine('business'),
    phone,
    service,
    message: messageText(false).default(''),
  },
  { error: objectError },
);

/** The Get In Touch form (POST /api/v1.0/email/send-form): name, email and message, all required. */
export const contactMessageSchema = z.strictObject(
  { name: requiredLine('name'), email, message: messageText(true) },
  { error: objectError },
);

/** The footer's Newsletter form (POST /subscribe). */
export const newsletterSubscriptionSchema = z.strictObject({ email }, { error: objectError });

/** What the main form sends. */
export type EnquiryInput = z.input<typeof enquirySchema>;
/** A validated enquiry, as stored. */
export type Enquiry = z.output<typeof enquirySchema>;
export type SimpleContactMessage = z.output<typeof contactMessageSchema>;
export type NewsletterSubscription = z.output<typeof newsletterSubscriptionSchema>;

/** Every problem of a failed parse, in field order; the first is the one a form shows. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}
