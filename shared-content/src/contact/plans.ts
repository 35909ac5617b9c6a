import type { EnquiryService, PricingPlan } from '../types.ts';

/**
 * The pricing plans a visitor can ask about from the pricing buttons (/contact?plan=<id>): id, name and the
 * one-time price of spec section 9, typed against PricingPlan. The contact page needs only these three fields;
 * when the pricing section's full plan list is in shared-content, read them from it instead.
 */
export type PlanId = PricingPlan['id'];
export type PlanSummary = Pick<PricingPlan, 'id' | 'name' | 'price'>;

export const planSummaries: Readonly<Record<PlanId, PlanSummary>> = {
  starter: { id: 'starter', name: 'Starter', price: 15000 },
  business: { id: 'business', name: 'Business', price: 35000 },
  premium: { id: 'premium', name: 'Premium', price: 75000 },
};

/** The query parameter the pricing buttons set on /contact (?plan=business). */
export const enquiryPlanParam = 'plan';

/** Whole rupees in the Indian grouping: 35000 → "₹35,000", 150000 → "₹1,50,000". */
export function formatRupees(amount: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(amount)}`;
}

/** The plan a query value names, or undefined for a missing or unknown value (which the page ignores). */
export function findPlan(value: string | null | undefined): PlanSummary | undefined {
  if (!value) return undefined;
  return Object.hasOwn(planSummaries, value) ? planSummaries[value as PlanId] : undefined;
}

export const planEnquiryCopy = {
  /** The visible note above the form: "Plan: Business (₹35,000)". */
  note: (plan: PlanSummary) => `Plan: ${plan.name} (${formatRupees(plan.price)})`,
  noteHint: 'We have noted the plan in your message. Add anything else you need.',
  /** The message the form starts with, so the plan reaches us with the enquiry. */
  message: (plan: PlanSummary) =>
    `Hi, I'm interested in the ${plan.name} plan (${formatRupees(plan.price)}). Please share the next steps.`,
  /** Every plan is a website package. */
  service: 'Website Development' satisfies EnquiryService,
} as const;
