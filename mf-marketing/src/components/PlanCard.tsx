import { formatInr, type PricingPlanCard, planContactPath, pricingCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { ButtonLink, Icon } from 'shared-content/ui';
import { FeatureList } from './FeatureList.tsx';

export interface PlanCardProps {
  plan: PricingPlanCard;
}

const Card = styled('li', { shouldForwardProp: (prop) => prop !== 'popular' })<{ popular: boolean }>(
  ({ theme, popular }) => ({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: theme.space[6],
    padding: `${theme.space[10]} ${theme.space[8]}`,
    borderRadius: theme.radii.xl,
    background: popular ? theme.gradient.hero : theme.color.bg.page,
    color: popular ? theme.color.fg.inverse : theme.color.fg.default,
    border: `1px solid ${popular ? theme.color.border.inverse : theme.color.border.default}`,
    boxShadow: popular ? theme.shadows.lg : theme.shadows.sm,
    [theme.mq.lg]: popular ? { marginBlock: `-${theme.space[4]}` } : {},
  }),
);

const Badge = styled.p(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: '50%',
  transform: 'translate(-50%, -50%)',
  padding: `${theme.space[1]} ${theme.space[4]}`,
  borderRadius: theme.radii.full,
  background: theme.color.bg.accent,
  color: theme.color.fg.onAccent,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.bold,
  whiteSpace: 'nowrap',
}));

const Name = styled.h3(({ theme }) => ({ fontSize: theme.font.size['2xl'] }));

const Summary = styled('p', { shouldForwardProp: (prop) => prop !== 'popular' })<{ popular: boolean }>(
  ({ theme, popular }) => ({
    marginTop: theme.space[2],
    color: popular ? theme.color.fg.inverseMuted : theme.color.fg.muted,
  }),
);

const Price = styled('p', { shouldForwardProp: (prop) => prop !== 'popular' })<{ popular: boolean }>(
  ({ theme, popular }) => ({
    display: 'flex',
    alignItems: 'baseline',
    flexWrap: 'wrap',
    gap: theme.space[2],
    '& strong': {
      fontSize: theme.font.size['4xl'],
      [theme.mq.md]: { fontSize: theme.font.size['5xl'] },
      fontWeight: theme.font.weight.extrabold,
      lineHeight: theme.font.lineHeight.tight,
      letterSpacing: '-0.02em',
    },
    '& span': { color: popular ? theme.color.fg.inverseMuted : theme.color.fg.muted },
  }),
);

const Note = styled.p(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: theme.space[2],
  width: 'fit-content',
  padding: `${theme.space[1]} ${theme.space[3]}`,
  borderRadius: theme.radii.full,
  background: theme.color.bg.glass,
  border: `1px solid ${theme.color.border.glass}`,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
}));

const Features = styled(FeatureList)({ flex: 1 });

const Cta = styled(ButtonLink)({ width: '100%' });

/** A feature ending in the footnote marker shows it as a superscript that points to the note. */
function renderFeature(feature: string) {
  const { footnoteMarker, footnoteLabel } = pricingCopy;
  if (!feature.endsWith(footnoteMarker)) return feature;
  return (
    <>
      {feature.slice(0, -footnoteMarker.length)}
      <sup aria-hidden="true">{footnoteMarker}</sup>
      <span className="visually-hidden"> ({footnoteLabel})</span>
    </>
  );
}

/** One plan: name, one-time price in rupees, features and the button to the contact page with the plan chosen. */
export function PlanCard({ plan }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card popular={plan.popular} aria-labelledby={headingId} data-plan={plan.id}>
      {plan.popular ? <Badge>{pricingCopy.popularBadge}</Badge> : null}
      <div>
        <Name id={headingId}>{plan.name}</Name>
        <Summary popular={plan.popular}>{plan.summary}</Summary>
      </div>
      <Price popular={plan.popular}>
        <strong>{formatInr(plan.price)}</strong>
        <span>{pricingCopy.priceSuffix}</span>
      </Price>
      {plan.note ? (
        <Note>
          <Icon name="check" size={16} />
          {plan.note}
        </Note>
      ) : null}
      <Features items={plan.features} renderItem={renderFeature} onDark={plan.popular} />
      <Cta to={planContactPath(plan.id)} variant={plan.popular ? 'accent' : 'primary'}>
        {plan.cta}
      </Cta>
    </Card>
  );
}
