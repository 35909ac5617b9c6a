/**
 * The entities of the product spec, section 3, in a folder of their own: every content folder (contact, marketing,
 * portfolio, site, ui) uses them, and the package's index re-exports them. All are static content; the two form
 * payloads are the enquiry API's zod schemas (../enquiry), which the package's index re-exports beside these.
 */

/** Names of the icons the apps draw themselves (inline SVG, no icon font, nothing from a CDN). */
export type IconName =
  | 'code'
  | 'mobile'
  | 'design'
  | 'cart'
  | 'search'
  | 'megaphone'
  | 'software'
  | 'lightbulb'
  | 'plan'
  | 'rocket'
  | 'check'
  | 'phone'
  | 'mail'
  | 'location'
  | 'clock'
  | 'chat'
  | 'facebook'
  | 'twitter'
  | 'instagram'
  | 'linkedin'
  | 'github'
  | 'payment'
  | 'server'
  | 'language'
  | 'quote'
  | 'pause'
  | 'play';

export interface ImageAsset {
  /** Path relative to the owning app's public folder, e.g. "images/team.svg". */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Testimonial {
  name: string;
  location: string;
  text: string;
  image: ImageAsset;
  /** 0 to 5 in half steps. */
  rating: number;
  featured: boolean;
}

export type PortfolioCategory =
  | 'ECommerce'
  | 'WordPress'
  | 'Real Estate'
  | 'Classified'
  | 'Consulting'
  | 'Business'
  | 'Matrimonial';

/**
 * A picture a remote bundles from its own source folder: the remote's build emits it under the remote's
 * public path, so it is served from the remote's origin wherever the remote is composed.
 */
export interface BundledImage {
  /** File name inside the owning remote's image folder, e.g. "handloom-saree-store.svg". */
  file: string;
  alt: string;
  width: number;
  height: number;
}

export interface PortfolioProject {
  /** Stable id: list key, image file name and anchor. */
  slug: string;
  title: string;
  category: PortfolioCategory;
  image: BundledImage;
  tech: readonly string[];
}

export interface PricingPlan {
  /** Stable id used in /contact?plan=… */
  id: 'starter' | 'business' | 'premium';
  name: string;
  /** Price in whole rupees, one-time. */
  price: number;
  popular: boolean;
  features: readonly string[];
  cta: string;
}

export interface Service {
  id: string;
  title: string;
  description: string;
  features: readonly string[];
  icon: IconName;
  cta: string;
}

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
  icon: IconName;
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Contact page social links carry a label and href; footer social links an icon and url. */
export interface ContactSocialLink {
  label: string;
  href: string;
}

export interface FooterSocialLink {
  label: string;
  icon: IconName;
  url: string;
}

export interface FooterLinkItem {
  name: string;
  path: string;
}

export interface ContactItem {
  icon: IconName;
  text: string;
  href?: string;
}
