import { services, servicesOverviewCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import {
  ButtonLink,
  cardSurface,
  Icon,
  IconBadge,
  listGrid,
  Section,
  SectionHeading,
} from 'shared-content/ui';

const Grid = styled.ul(({ theme }) => listGrid(theme, { md: 2, lg: 3 }));

// On phones the icon sits beside the text, keeping five tiles from filling several screens.
const Tile = styled.li(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: theme.space[4],
  rowGap: theme.space[2],
  alignItems: 'start',
  padding: theme.space[6],
  '& > span': { gridRow: 'span 2' },
  [theme.mq.md]: {
    display: 'flex',
    flexDirection: 'column',
    gap: theme.space[4],
    padding: theme.space[8],
  },
  ...cardSurface(theme),
  transition: `transform ${theme.motion.normal} ${theme.motion.easing}, box-shadow ${theme.motion.normal} ${theme.motion.easing}`,
  [theme.mq.hover]: { '&:hover': { transform: 'translateY(-4px)', boxShadow: theme.shadows.md } },
  '& h3': { fontSize: theme.font.size.lg, [theme.mq.md]: { fontSize: theme.font.size.xl } },
  '& p': { color: theme.color.fg.muted },
}));

/** The sixth tile: for visitors who do not know yet which service they need. */
const ConsultationTile = styled.li(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: theme.space[4],
  padding: theme.space[8],
  borderRadius: theme.radii.lg,
  background: theme.gradient.hero,
  color: theme.color.fg.inverse,
  boxShadow: theme.shadows.md,
  '& h3': { fontSize: theme.font.size.xl },
  '& p': { color: theme.color.fg.inverseMuted, flex: 1 },
}));

const Footer = styled.div(({ theme }) => ({
  display: 'flex',
  justifyContent: 'center',
  marginTop: theme.space[12],
}));

/** Home: the five services at a glance, a free-call tile and the way to the full services page. */
export function ServicesOverview() {
  const { eyebrow, heading, subtitle, allServices, consultation } = servicesOverviewCopy;
  return (
    <Section id="services-overview" tone="subtle" labelledBy="services-overview-heading">
      <SectionHeading id="services-overview-heading" eyebrow={eyebrow} title={heading} subtitle={subtitle} />
      <Grid>
        {services.map((service) => (
          <Tile key={service.id}>
            <IconBadge>
              <Icon name={service.icon} size={28} />
            </IconBadge>
            <h3>{service.title}</h3>
            <p>{service.description}</p>
          </Tile>
        ))}
        <ConsultationTile>
          <h3>{consultation.heading}</h3>
          <p>{consultation.text}</p>
          <ButtonLink to={consultation.cta.path} variant="accent">
            {consultation.cta.label}
          </ButtonLink>
        </ConsultationTile>
      </Grid>
      <Footer>
        <ButtonLink to={allServices.path}>{allServices.label}</ButtonLink>
      </Footer>
    </Section>
  );
}
