export * from './connect.ts';
export * from './contact-page.ts';
export * from './enquiry-form.ts';
export * from './faq.ts';
export * from './get-in-touch.ts';
export * from './plans.ts';
