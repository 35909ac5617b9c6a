import { routes } from '../site/routes.ts';

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
  primaryCta: { label: 'Get Started', path: routes.contact.path },
  secondaryCta: { label: 'Our Work', path: routes.portfolio.path },
  image: {
    src: 'images/team.svg',
    alt: 'Illustration of the team collaborating around a laptop, design boards and a phone',
    width: 560,
    height: 460,
  },
  badges: [
    { value: '10+', label: 'Team Members' },
    { value: '100%', label: 'Client Satisfaction' },
  ],
  pageHero: {
    eyebrow: 'ABOUT US',
    heading: 'About Us',
    text: 'A remote team from India that designs, builds and grows websites and apps for businesses that want to stand out.',
  },
} as const;
