import type { IconName, ImageAsset } from '../entities/index.ts';
import { pagePaths } from '../site/page-paths.ts';

export interface AboutValue {
  icon: IconName;
  title: string;
  text: string;
}

export const aboutCopy = {
  eyebrow: 'ABOUT US',
  heading: 'Your Partner in Digital Growth',
  text: 'We are a remote team of designers, developers and marketers across India. We build digital products that look premium, load fast and bring in business, and we stay with you after launch.',
  /** Spec section 1: the four claims, shown as bullets. */
  claims: [
    'Tailored solutions for businesses of all sizes',
    'A passionate team driving innovation globally',
    'A proven track record of successful projects',
    'A client-focused approach with 24/7 support',
  ],
  primaryCta: { label: 'Get Started', path: pagePaths.contact },
  secondaryCta: { label: 'Our Work', path: pagePaths.portfolio },
  /** `src` is a file in mf-marketing's src/assets folder. */
  image: {
    src: 'team.svg',
    alt: 'Illustration of the team at work: a designer at a laptop, a developer with code on screen and a phone showing a finished app',
    width: 560,
    height: 460,
  } satisfies ImageAsset,
  badges: [
    { value: '10+', label: 'Team Members' },
    { value: '100%', label: 'Client Satisfaction' },
  ],
  pageHero: {
    eyebrow: 'WHO WE ARE',
    heading: 'About Us',
    text: 'A remote team from India that designs, builds and grows websites and apps for businesses that want to stand out.',
  },
} as const;

/** The about page's "why choose us" section: what working with the team is like. */
export const aboutValuesCopy = {
  eyebrow: 'WHY CHOOSE US',
  heading: 'What You Can Expect From Us',
  subtitle: 'The promises behind every project, from a five-page website to a full online store.',
  values: [
    {
      icon: 'plan',
      title: 'Clear, one-time prices',
      text: 'You know the full price before we start: no hidden monthly fees, and a GST invoice when you need one.',
    },
    {
      icon: 'mobile',
      title: 'Built for your customers',
      text: 'Fast on mobile networks, UPI-ready checkouts and content in the languages your customers speak.',
    },
    {
      icon: 'chat',
      title: 'Remote, never out of reach',
      text: 'One project lead, weekly progress demos and 24/7 support on WhatsApp, phone or e-mail.',
    },
    {
      icon: 'rocket',
      title: 'Partners after launch',
      text: 'We stay on to maintain, measure and improve your site as your business grows.',
    },
  ] satisfies AboutValue[],
} as const;
