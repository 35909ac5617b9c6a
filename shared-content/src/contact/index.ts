export * from './contact-page.ts';
