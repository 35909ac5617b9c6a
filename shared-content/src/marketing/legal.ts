import { siteConfig } from '../site/config.ts';
import { routes } from '../site/routes.ts';

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

const company = siteConfig.legalName;

/** Formats a date as the legal pages show it, e.g. "21 November 2026". */
export function formatLegalDate(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

export const privacyCopy = {
  heading: 'Privacy Policy',
  lastUpdatedLabel: 'Last Updated:',
  intro: `This Privacy Policy explains how ${company} ("we", "us") collects, uses and protects your information when you visit our website or contact us.`,
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      paragraphs: ['We collect the information you give us when you fill in a form on this website:'],
      bullets: [
        'Your name, e-mail address and phone number',
        'Your business name and the service you are interested in',
        'Any message you choose to send us',
      ],
    },
    {
      id: 'how-we-use-your-information',
      heading: 'How We Use Your Information',
      paragraphs: [
        'We use your information only to reply to your enquiry, to provide the services you ask for and, if you subscribed, to send our newsletter.',
      ],
    },
  ] satisfies LegalSection[],
  contactCta: { label: 'Contact Us for Privacy Questions', path: routes.contact.path },
} as const;

export const termsCopy = {
  heading: 'Terms and Conditions',
  lastUpdatedLabel: 'Last updated:',
  intro: `These Terms and Conditions govern your use of the ${company} website and services. By using them you agree to these terms.`,
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      paragraphs: [
        `Welcome to ${company}. Please read these terms carefully before using our website or engaging our services.`,
      ],
    },
    {
      id: 'user-accounts',
      heading: 'User Accounts',
      paragraphs: [
        'You must be at least 18 years old to use our services. You are responsible for keeping any account details we give you confidential.',
      ],
    },
  ] satisfies LegalSection[],
} as const;
