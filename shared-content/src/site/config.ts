/**
 * THE AGENCY'S VALUES TO FILL IN.
 * Brand, phone numbers, e-mail, WhatsApp link, social profiles and address note live here and only here;
 * every app reads them from this file. The values below are placeholders chosen to look like the real thing:
 * replace them before going live (the .example domains are reserved and never deliver mail).
 */
export const siteConfig = {
  brandName: 'Brightlane Digital',
  legalName: 'Brightlane Digital Solutions',
  tagline: 'Innovative digital solutions that help businesses thrive.',
  description:
    'A remote web-development and digital-solutions agency from India: websites, mobile apps, UI/UX design, e-commerce, SEO and custom software for growing businesses.',
  /** Canonical public URL of the production site, used for canonical links, sitemap and social cards. */
  siteUrl: 'https://www.brightlane.example',
  email: 'hello@brightlane.example',
  phones: {
    primary: { display: '+91 98765 43210', tel: '+919876543210' },
    secondary: { display: '+91 91234 56780', tel: '+919123456780' },
  },
  /** WhatsApp click-to-chat link for the primary number. */
  whatsappUrl: 'https://wa.me/919876543210',
  address: {
    note: 'Remote across India, based in Noida, Uttar Pradesh',
    locality: 'Noida',
    region: 'Uttar Pradesh',
    country: 'India',
    countryCode: 'IN',
    /** Placeholder postal address for the legal pages. */
    postal: 'Sector 62, Noida, Uttar Pradesh 201309, India',
    /** The same address in parts, for search engines (structured data). */
    streetAddress: 'Sector 62',
    postalCode: '201309',
  },
  social: {
    facebook: 'https://www.facebook.com/brightlane.digital',
    twitter: 'https://twitter.com/brightlane_dev',
    instagram: 'https://www.instagram.com/brightlane.digital',
    linkedin: 'https://www.linkedin.com/company/brightlane-digital',
    github: 'https://github.com/brightlane-digital',
  },
  /** Languages the team speaks with clients (structured data's contact points). */
  languages: ['English', 'Hindi'],
  /** Year the agency started; the hero's "3+ Years Experience" is stated copy, not computed from this. */
  foundedYear: 2022,
} as const;

export type SiteConfig = typeof siteConfig;
