/** Everything shared-content offers that browser code may import. Topology is Node-only: import it by path. */
export * from './contact/index.ts';
// The two form payloads (main enquiry, Get In Touch message) are defined once, as the enquiry API's zod schemas;
// their types are offered here with the other entities (type-only: no zod in a bundle).
export { type EnquiryService, enquiryServices } from './enquiry/fields.ts';
export type { Enquiry, SimpleContactMessage } from './enquiry/schemas.ts';
export * from './entities/index.ts';
export * from './marketing/index.ts';
export * from './portfolio/index.ts';
export * from './site/index.ts';
