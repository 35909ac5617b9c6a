/**
 * The enquiry forms' fields, their labels and limits: one place read by the zod schemas (and so by the
 * enquiry API) and by the forms (labels, maxLength attributes). No zod here, so browser code that only needs
 * the labels or limits does not pull the validator in.
 */

/** The main form's service choices (spec section 3); the empty string means "not chosen". */
export const enquiryServices = [
  'Website Development',
  'Mobile App Development',
  'Digital Marketing',
  'SEO Services',
  'E-commerce Solutions',
  'Custom Software',
] as const;

export type EnquiryService = (typeof enquiryServices)[number];

/**
 * Maximum lengths in characters, after trimming. The spec gives none; these fit any real name, business,
 * phone number or message while keeping a single request small.
 */
export const fieldLimits = {
  name: 100,
  email: 254,
  business: 150,
  phone: 25,
  message: 5000,
} as const;

/** A phone number has between 7 and 15 digits (E.164 allows at most 15). */
export const phoneDigits = { min: 7, max: 15 } as const;

/** How the API's error messages name each field (the forms show these messages as they come). */
export const fieldLabels = {
  name: 'Name',
  email: 'Email',
  business: 'Business name',
  phone: 'Phone number',
  service: 'Service',
  message: 'Message',
} as const;

export type EnquiryFieldName = keyof typeof fieldLabels;

/**
 * The honeypot: a field the forms render hidden from people (off-screen, no tab stop, autocomplete off).
 * Bots that fill every input fill it too; the API then answers as if all went well and stores nothing.
 */
export const honeypotField = 'website';

/** The ids the EmailJS-compatible send-form endpoint expects next to the form's fields. */
export const emailJsFormIdFields = ['user_id', 'service_id', 'template_id'] as const;

/** Further fields @emailjs/browser may add to a form's data; accepted and ignored. */
export const emailJsFormExtraFields = ['lib_version', 'accessToken', 'g-recaptcha-response'] as const;
