import type { EnquiryService } from '../enquiry/fields.ts';
import type { PricingPlan } from '../entities/index.ts';
import { formatInr } from '../marketing/currency.ts';
import { isPricingPlanId, type PricingPlanId, planQueryParam, pricingPlans } from '../marketing/pricing.ts';

/**
 * The pricing plans a visitor can ask about from the pricing buttons (/contact?plan=<id>), read from the
 * pricing section's own plan list: the contact page needs only their id, name and one-time price.
 */
export type PlanId = PricingPlanId;
export type PlanSummary = Pick<PricingPlan, 'id' | 'name' | 'price'>;

export const planSummaries = Object.fromEntries(
  pricingPlans.map(({ id, name, price }) => [id, { id, name, price }]),
) as Readonly<Record<PlanId, PlanSummary>>;

/** The query parameter the pricing buttons set on /contact (?plan=business). */
export const enquiryPlanParam = planQueryParam;

/** The plan a query value names, or undefined for a missing or unknown value (which the page ignores). */
export function findPlan(value: string | null | undefined): PlanSummary | undefined {
  return isPricingPlanId(value) ? planSummaries[value] : undefined;
}

export const planEnquiryCopy = {
  /** The visible note above the form: "Plan: Business (₹35,000)". */
  note: (plan: PlanSummary) => `Plan: ${plan.name} (${formatInr(plan.price)})`,
  noteHint: 'We have noted the plan in your message. Add anything else you need.',
  /** The message the form starts with, so the plan reaches us with the enquiry. */
  message: (plan: PlanSummary) =>
    `Hi, I'm interested in the ${plan.name} plan (${formatInr(plan.price)}). Please share the next steps.`,
  /** Every plan is a website package. */
  service: 'Website Development' satisfies EnquiryService,
} as const;
