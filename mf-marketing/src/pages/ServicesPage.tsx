import { services, servicesCopy } from 'shared-content/marketing';
import { pagePaths } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { ButtonLink, cardSurface, Icon, IconBadge, PageHero, Section } from 'shared-content/ui';
import { CtaBanner } from '../components/CtaBanner.tsx';
import { FeatureList } from '../components/FeatureList.tsx';

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  // Six tracks with cards two wide: a last row of two cards is centred rather than leaving a hole.
  [theme.mq.lg]: {
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    '& > li': { gridColumn: 'span 2' },
    ...(services.length % 3 === 2
      ? { [`& > li:nth-of-type(${services.length - 1})`]: { gridColumn: '2 / span 2' } }
      : {}),
  },
}));

const Card = styled.li(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[4],
  padding: theme.space[8],
  ...cardSurface(theme),
  '& h2': { fontSize: theme.font.size.xl },
  '& p': { color: theme.color.fg.muted },
}));

const Features = styled(FeatureList)(({ theme }) => ({ flex: 1, gap: theme.space[2] }));

const CardLink = styled(ButtonLink)({ alignSelf: 'flex-start' });

const Banner = styled(CtaBanner)(({ theme }) => ({ marginTop: theme.space[16] }));

export function ServicesPage() {
  const { eyebrow, heading, subtitle, banner } = servicesCopy;
  return (
    <>
      <PageHero id="services-heading" eyebrow={eyebrow} title={heading} text={subtitle} />
      {/* The cards continue the hero's region rather than repeating its name as a second landmark. */}
      <Section tone="subtle">
        <Grid>
          {services.map((service) => (
            <Card key={service.id} id={service.id} aria-labelledby={`service-${service.id}`}>
              <IconBadge>
                <Icon name={service.icon} size={28} />
              </IconBadge>
              <h2 id={`service-${service.id}`}>{service.title}</h2>
              <p>{service.description}</p>
              <Features items={service.features} />
              <CardLink to={pagePaths.contact} variant="secondary">
                {service.cta}
              </CardLink>
            </Card>
          ))}
        </Grid>
        <Banner headingId="services-banner-heading" heading={banner.heading} text={banner.text}>
          <ButtonLink to={pagePaths.contact} variant="accent">
            {banner.cta}
          </ButtonLink>
        </Banner>
      </Section>
    </>
  );
}
