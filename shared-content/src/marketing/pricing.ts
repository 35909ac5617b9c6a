import type { PricingPlan } from '../entities/index.ts';
import { pagePaths } from '../site/page-paths.ts';

export type PricingPlanId = PricingPlan['id'];

/** A plan as its card shows it: the spec's fields plus a one-line summary of who it suits. */
export interface PricingPlanCard extends PricingPlan {
  summary: string;
  /** The Business plan's note (spec: GST Invoice Available). */
  note?: string;
}

export const pricingCopy = {
  eyebrow: 'PRICING',
  heading: 'Affordable Plans for Indian Businesses',
  subtitle:
    'One-time prices with no monthly fees. Pick the plan that fits today and we will tailor it to your business.',
  priceSuffix: 'one-time',
  popularBadge: 'Most Popular',
  footnoteMarker: '*',
  footnoteLabel: 'see note below the plans',
  footnote:
    '* Free domain for the first year (.in or .com). From the second year it renews at the registrar’s standard rate, which we tell you in advance.',
  offers: {
    heading: 'Special Offers for Indian Startups',
    items: [
      {
        icon: 'payment',
        title: 'UPI & EMI Payment Options',
        text: 'Pay by UPI, card or net banking, or spread the cost with easy EMIs.',
      },
      {
        icon: 'server',
        title: 'Made in India Hosting',
        text: 'Fast servers in Indian data centres, close to your customers.',
      },
      {
        icon: 'language',
        title: 'Local Language Support',
        text: 'Talk to us, and reach your customers, in Hindi, English and more.',
      },
    ],
  },
} as const;

/** Spec section 9: one-time prices and exactly these features. */
export const pricingPlans: readonly PricingPlanCard[] = [
  {
    id: 'starter',
    name: 'Starter',
    summary: 'For small businesses taking their first step online.',
    price: 15000,
    popular: false,
    features: [
      '5-Page Website',
      'Mobile Responsive',
      'Basic SEO Setup',
      'Contact Form',
      '1 Month Support',
      'Free Domain for 1 Year*',
    ],
    cta: 'Choose Starter',
  },
  {
    id: 'business',
    name: 'Business',
    summary: 'For growing businesses that want more enquiries every month.',
    price: 35000,
    popular: true,
    note: 'GST Invoice Available',
    features: [
      '15-Page Website',
      'Advanced SEO',
      'CMS Integration',
      'WhatsApp Integration',
      '3 Months Support',
      'Free Hosting for 1 Year',
      'Google Business Profile Setup',
    ],
    cta: 'Choose Business',
  },
  {
    id: 'premium',
    name: 'Premium',
    summary: 'For brands ready to sell online and reach customers everywhere.',
    price: 75000,
    popular: false,
    features: [
      'Unlimited Pages',
      'E-commerce Ready',
      'Payment Gateway Setup',
      'Multi-language Support',
      '6 Months Support',
      'Social Media Integration',
      'Monthly Analytics Report',
    ],
    cta: 'Choose Premium',
  },
];

/** The query parameter the contact page reads to pre-select a plan. */
export const planQueryParam = 'plan';

export const pricingPlanIds = pricingPlans.map((plan) => plan.id);

export function isPricingPlanId(value: unknown): value is PricingPlanId {
  return typeof value === 'string' && (pricingPlanIds as readonly string[]).includes(value);
}

/** Where a plan's button leads: the contact page with that plan pre-selected, e.g. /contact?plan=business. */
export function planContactPath(id: PricingPlanId): string {
  const query = new URLSearchParams({ [planQueryParam]: id });
  return `${pagePaths.contact}?${query}`;
}
