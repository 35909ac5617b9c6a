import { services, servicesCopy } from 'shared-content/marketing';
import { routes } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { ButtonLink, Icon, PageHero, Section } from 'shared-content/ui';

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}));

const Card = styled.li(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[4],
  padding: theme.space[8],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.page,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.sm,
  '& h2': { fontSize: theme.font.size.xl },
  '& p': { color: theme.color.fg.muted },
}));

const IconBadge = styled.span(({ theme }) => ({
  display: 'inline-flex',
  width: 'fit-content',
  padding: theme.space[3],
  borderRadius: theme.radii.md,
  background: theme.color.bg.brandSubtle,
  color: theme.color.fg.brand,
}));

const Features = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[2],
  flex: 1,
  '& li': { display: 'flex', gap: theme.space[2], alignItems: 'flex-start' },
  '& svg': { flexShrink: 0, color: theme.color.fg.success, marginTop: 2 },
}));

const CardLink = styled(ButtonLink)({ alignSelf: 'flex-start' });

const Banner = styled.div(({ theme }) => ({
  marginTop: theme.space[16],
  padding: theme.space[10],
  borderRadius: theme.radii.xl,
  background: theme.gradient.brand,
  color: theme.color.fg.onBrand,
  textAlign: 'center',
  '& h2': { fontSize: theme.font.size['3xl'] },
  '& p': { margin: `${theme.space[4]} auto ${theme.space[8]}`, maxWidth: 560 },
}));

export function ServicesPage() {
  const { eyebrow, heading, subtitle, banner } = servicesCopy;
  return (
    <>
      <PageHero id="services-heading" eyebrow={eyebrow} title={heading} text={subtitle} />
      <Section tone="subtle" labelledBy="services-heading">
        <Grid>
          {services.map((service) => (
            <Card key={service.id} aria-labelledby={`service-${service.id}`}>
              <IconBadge>
                <Icon name={service.icon} size={28} />
              </IconBadge>
              <h2 id={`service-${service.id}`}>{service.title}</h2>
              <p>{service.description}</p>
              <Features>
                {service.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={18} />
                    {feature}
                  </li>
                ))}
              </Features>
              <CardLink to={routes.contact.path} variant="secondary">
                {service.cta}
              </CardLink>
            </Card>
          ))}
        </Grid>
        <Banner>
          <h2>{banner.heading}</h2>
          <p>{banner.text}</p>
          <ButtonLink to={routes.contact.path} variant="accent">
            {banner.cta}
          </ButtonLink>
        </Banner>
      </Section>
    </>
  );
}
