import { siteConfig } from '../site/config.ts';

export const contactHeroCopy = {
  eyebrow: 'CONTACT US',
  heading: "Let's Build Something Amazing Together",
  text: "Tell us about your business and what you need. We'll get back to you within 24 hours with clear next steps.",
} as const;

export const contactDetailsCopy = {
  heading: 'Our Contact Details',
  chatLabel: 'Chat Now (24/7 Support)',
  hoursHeading: 'Business Hours',
  hours: ['Monday to Friday: 9AM-6PM', 'Saturday: 10AM-4PM'],
  officeHeading: 'Office',
  officeNote: siteConfig.address.note,
} as const;
