import type { IconName } from '../entities/index.ts';
import { siteConfig } from '../site/config.ts';

export const contactHeroCopy = {
  eyebrow: 'CONTACT US',
  heading: "Let's Build Something Amazing Together",
  text: "Tell us about your business and what you need. We'll get back to you within 24 hours with clear next steps.",
  /** Short promises under the hero text. */
  highlights: [
    { icon: 'clock', text: 'Reply within 24 hours' },
    { icon: 'chat', text: '24/7 chat support' },
    { icon: 'location', text: 'Remote across India' },
  ] satisfies readonly { icon: IconName; text: string }[],
} as const;

/** One line of opening hours: the days in bold, then the time, read together as the spec states it. */
export interface OpeningHours {
  days: string;
  time: string;
}

export const contactDetailsCopy = {
  heading: 'Our Contact Details',
  intro: 'Prefer to talk? Call, chat or e-mail us directly.',
  phonesHeading: 'Call us',
  chatLabel: 'Chat Now (24/7 Support)',
  emailHeading: 'E-mail',
  hoursHeading: 'Business Hours',
  hours: [
    { days: 'Monday to Friday', time: '9AM-6PM' },
    { days: 'Saturday', time: '10AM-4PM' },
  ] satisfies readonly OpeningHours[],
  officeHeading: 'Office',
  officeNote: siteConfig.address.note,
} as const;
