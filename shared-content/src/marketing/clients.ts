import type { ImageAsset } from '../entities/index.ts';

export interface ClientLogo {
  name: string;
  /** `src` is a file in mf-marketing's src/assets folder. */
  image: ImageAsset;
}

export const clientCarouselCopy = {
  eyebrow: 'OUR CLIENTS',
  heading: 'Trusted by Industry Leaders',
  subtitle: 'Retailers, clinics and logistics teams in India and Switzerland rely on our work every day.',
  /** Spec section 9: one full loop of the logo strip takes this long. */
  loopSeconds: 30,
  regionLabel: 'Client logos',
  pauseLabel: 'Pause animation',
  playLabel: 'Play animation',
} as const;

/** Three fictional client marks drawn for this site (no real company's logo). */
export const clientLogos: readonly ClientLogo[] = [
  {
    name: 'Lotus Weaves',
    image: { src: 'logo-lotus-weaves.svg', alt: 'Lotus Weaves logo', width: 200, height: 56 },
  },
  {
    name: 'Alpine Freight',
    image: { src: 'logo-alpine-freight.svg', alt: 'Alpine Freight logo', width: 200, height: 56 },
  },
  {
    name: 'Monsoon Mart',
    image: { src: 'logo-monsoon-mart.svg', alt: 'Monsoon Mart logo', width: 200, height: 56 },
  },
];
