import type { FooterLinkItem, FooterSocialLink } from '../entities/index.ts';
import { siteConfig } from './config.ts';
import { pagePaths } from './page-paths.ts';

/** Header links, in the order of the spec. */
export const mainNav: readonly FooterLinkItem[] = [
  { name: 'Home', path: pagePaths.home },
  { name: 'Services', path: pagePaths.services },
  { name: 'About', path: pagePaths.about },
  { name: 'Portfolio', path: pagePaths.portfolio },
  { name: 'Contact', path: pagePaths.contact },
];

export const headerCopy = {
  contactButton: 'Contact Us',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuTitle: 'Menu',
  homeLinkLabel: `${siteConfig.brandName} home`,
  skipLink: 'Skip to main content',
} as const;

export const footerCopy = {
  description:
    'We craft fast, beautiful websites, apps and online stores that help Indian businesses and startups grow, from first idea to launch and beyond.',
  quickLinksHeading: 'Quick Links',
  quickLinks: [
    { name: 'Home', path: pagePaths.home },
    { name: 'Services', path: pagePaths.services },
    { name: 'About Us', path: pagePaths.about },
    { name: 'Portfolio', path: pagePaths.portfolio },
    { name: 'Categories', path: pagePaths.categories },
    { name: 'Contact', path: pagePaths.contact },
  ] satisfies FooterLinkItem[],
  contactHeading: 'Contact Us',
  remoteNote: 'Working remotely from India',
  newsletterHeading: 'Newsletter',
  newsletterText: 'Practical tips on websites, SEO and selling online, once a month. No spam.',
  newsletterLabel: 'Email address',
  newsletterPlaceholder: 'Your email address',
  newsletterButton: 'Subscribe Now',
  newsletterSubmitting: 'Subscribing...',
  newsletterSuccess: 'Thank you for subscribing! Look out for our next newsletter in your inbox.',
  newsletterError: 'We could not subscribe you right now. Please try again.',
  newsletterNetworkError: 'Network error. Please check your connection.',
  copyright: (year: number) => `© ${year} ${siteConfig.brandName}. All rights reserved.`,
  privacyLink: { name: 'Privacy Policy', path: pagePaths.privacy },
  termsLink: { name: 'Terms of Service', path: pagePaths.terms },
  socialHeading: 'Follow us',
} as const;

/** The footer's four social links (the contact page lists five, with GitHub). */
export const footerSocialLinks: readonly FooterSocialLink[] = [
  { label: 'Facebook', icon: 'facebook', url: siteConfig.social.facebook },
  { label: 'Twitter', icon: 'twitter', url: siteConfig.social.twitter },
  { label: 'Instagram', icon: 'instagram', url: siteConfig.social.instagram },
  { label: 'LinkedIn', icon: 'linkedin', url: siteConfig.social.linkedin },
];

export const notFoundCopy = {
  eyebrow: 'Error 404',
  heading: 'Page not found',
  text: "The page you are looking for doesn't exist or has moved. These links will get you back on track:",
  homeButton: 'Back to Home',
  contactButton: 'Contact Us',
} as const;

/**
 * Shown by the shell in place of a remote part of a page: `heading` and `text` when the network kept its code from
 * loading (a section a client-side navigation mounted); `unavailableHeading` and `unavailableText` when its code
 * failed (threw while showing, refused as incompatible or altered, missing), which no connection would fix.
 */
export const remoteFallbackCopy = {
  heading: 'This section could not be loaded',
  text: 'Please check your connection and try again. The rest of the page still works.',
  unavailableHeading: 'This section is unavailable',
  unavailableText:
    'Something went wrong on our side, not with your connection. The rest of the page still works.',
  retry: 'Retry',
  loading: 'Loading section…',
} as const;

/**
 * Shown beside a prerendered section that needs its code to act (a form, a filter) while that code cannot
 * be loaded: the section stays readable and its links work; the shell keeps trying in the background.
 */
export const slotNoticeCopy = {
  text: 'The buttons and forms here could not start yet. We will keep trying.',
  retry: 'Try now',
} as const;
