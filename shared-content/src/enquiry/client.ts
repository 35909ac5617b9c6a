/**
 * The enquiry API's paths, field limits, labels, messages and reply types without the zod schemas: what the
 * browser needs to talk to the API without bundling the validator (import 'shared-content/enquiry' for that).
 */
export * from './control-characters.ts';
export * from './fields.ts';
export * from './idempotency.ts';
export * from './invisible-characters.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './replies.ts';
export * from './submission-key.ts';
