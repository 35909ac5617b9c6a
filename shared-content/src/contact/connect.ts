import type { ContactSocialLink, IconName } from '../entities/index.ts';
import { siteConfig } from '../site/config.ts';

export const connectCopy = {
  eyebrow: 'FOLLOW OUR WORK',
  heading: 'Connect With Us',
  subtitle: 'See what we are building, read our tips and say hello on your favourite platform.',
  /** Read by screen readers after each link name, since every profile opens in a new tab. */
  newTabHint: '(opens in a new tab)',
  mailPrefix: 'Or write to us at',
  email: siteConfig.email,
} as const;

/** The contact page's five social profiles (label and href, per the spec), each with the icon it shows. */
export const contactSocialLinks: readonly (ContactSocialLink & { icon: IconName })[] = [
  { label: 'Facebook', href: siteConfig.social.facebook, icon: 'facebook' },
  { label: 'Twitter', href: siteConfig.social.twitter, icon: 'twitter' },
  { label: 'Instagram', href: siteConfig.social.instagram, icon: 'instagram' },
  { label: 'LinkedIn', href: siteConfig.social.linkedin, icon: 'linkedin' },
  { label: 'GitHub', href: siteConfig.social.github, icon: 'github' },
];
