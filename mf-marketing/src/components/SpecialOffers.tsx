import { pricingCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { Icon, IconBadge } from 'shared-content/ui';

const Strip = styled.div(({ theme }) => ({
  marginTop: theme.space[12],
  padding: theme.space[8],
  borderRadius: theme.radii.xl,
  background: theme.color.bg.page,
  border: `1px solid ${theme.color.border.brand}`,
  boxShadow: theme.shadows.sm,
  '& h3': { fontSize: theme.font.size.xl, textAlign: 'center' },
}));

const Offers = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: `${theme.space[6]} 0 0`,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '& li': { display: 'flex', gap: theme.space[4], alignItems: 'flex-start' },
  '& strong': { display: 'block', fontWeight: theme.font.weight.bold },
  '& p': { marginTop: theme.space[1], color: theme.color.fg.muted, fontSize: theme.font.size.sm },
}));

/** Spec: the strip "Special Offers for Indian Startups" under the plans. */
export function SpecialOffers() {
  const { heading, items } = pricingCopy.offers;
  return (
    <Strip>
      <h3>{heading}</h3>
      <Offers>
        {items.map((offer) => (
          <li key={offer.title}>
            <IconBadge>
              <Icon name={offer.icon} size={24} />
            </IconBadge>
            <div>
              <strong>{offer.title}</strong>
              <p>{offer.text}</p>
            </div>
          </li>
        ))}
      </Offers>
    </Strip>
  );
}
