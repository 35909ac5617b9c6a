import type { ProcessStep } from '../entities/index.ts';

export const processCopy = {
  eyebrow: 'HOW WE WORK',
  heading: 'Our Process',
  subtitle: 'A clear, four-step path from your first idea to a successful launch.',
} as const;

export const processSteps: readonly ProcessStep[] = [
  {
    step: 1,
    title: 'Ideation & Discovery',
    description: 'We learn your business, your customers and your goals, and agree what success looks like.',
    icon: 'lightbulb',
  },
  {
    step: 2,
    title: 'Strategic Planning',
    description:
      'We plan the structure, features, timeline and budget, so you know exactly what you will get.',
    icon: 'plan',
  },
  {
    step: 3,
    title: 'Development',
    description: 'We design and build in short cycles, showing you working progress every week.',
    icon: 'code',
  },
  {
    step: 4,
    title: 'Testing & Launch',
    description: 'We test on real devices, fix every issue, launch with care and support you afterwards.',
    icon: 'rocket',
  },
];
