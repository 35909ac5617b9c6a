import { pricingCopy, pricingPlans } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { Section, SectionHeading } from 'shared-content/ui';
import { PlanCard } from '../components/PlanCard.tsx';
import { SpecialOffers } from '../components/SpecialOffers.tsx';

const Plans = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[10],
  maxWidth: 480,
  marginInline: 'auto',
  [theme.mq.lg]: {
    maxWidth: 'none',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: theme.space[6],
    alignItems: 'stretch',
  },
}));

const Footnote = styled.p(({ theme }) => ({
  marginTop: theme.space[8],
  textAlign: 'center',
  fontSize: theme.font.size.sm,
  color: theme.color.fg.muted,
}));

/** The three one-time plans, the free-domain footnote and the startup offers. */
export function PricingSection() {
  const { eyebrow, heading, subtitle, footnote } = pricingCopy;
  return (
    <Section id="pricing" tone="subtle" labelledBy="pricing-heading">
      <SectionHeading id="pricing-heading" eyebrow={eyebrow} title={heading} subtitle={subtitle} />
      <Plans>
        {pricingPlans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </Plans>
      <Footnote>{footnote}</Footnote>
      <SpecialOffers />
    </Section>
  );
}
