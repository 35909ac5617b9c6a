import { pagePaths } from '../site/page-paths.ts';

export const heroCopy = {
  eyebrow: 'INNOVATIVE SOLUTIONS',
  headline: 'Elevate Your Business With Premium Digital Services',
  paragraph:
    'We design and build fast websites, mobile apps and online stores for ambitious businesses across India and beyond, so you win more customers while we handle the technology.',
  stats: [
    { value: '3+', label: 'Years Experience' },
    { value: '50+', label: 'Satisfied Clients' },
    { value: '98%', label: 'Success Rate' },
  ],
  primaryCta: { label: 'Get Your Free Consultation', path: pagePaths.contact },
  secondaryCta: { label: 'Explore Our Services', path: pagePaths.services },
  card: {
    title: 'Digital Acceleration',
    text: 'Strategy, design and engineering in one remote team, shipping in weeks, not months.',
  },
} as const;
