import { siteConfig } from '../site/config.ts';
import { pagePaths } from '../site/page-paths.ts';

/** The home page's short tour of the services; the full list is the services page. */
export const servicesOverviewCopy = {
  eyebrow: 'WHAT WE DO',
  heading: 'Everything You Need to Grow Online',
  subtitle:
    'One accountable team for your website, app, store and marketing, so nothing falls between agencies.',
  cardLinkLabel: 'Learn more',
  allServices: { label: 'View All Services', path: pagePaths.services },
  consultation: {
    heading: 'Not sure where to start?',
    text: 'Tell us about your business and we will suggest the right mix of services, free of charge.',
    cta: { label: 'Book a Free Call', path: pagePaths.contact },
  },
} as const;

/** The closing band on the home and about pages: one last, low-effort way to get in touch. */
export const callToActionCopy = {
  heading: 'Have a project in mind?',
  text: 'Share your idea and get a free consultation with a clear, fixed quote. We reply within 24 hours.',
  primaryCta: { label: 'Start Your Project', path: pagePaths.contact },
  secondaryCta: { label: 'Email Us', path: `mailto:${siteConfig.email}` },
} as const;
