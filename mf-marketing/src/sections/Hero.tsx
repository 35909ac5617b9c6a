import { heroCopy } from 'shared-content/marketing';
import { styled, useTheme } from 'shared-content/styling';
import { ButtonLink, Container, Icon } from 'shared-content/ui';

const Band = styled.section(({ theme }) => ({
  position: 'relative',
  overflow: 'hidden',
  background: theme.gradient.hero,
  color: theme.color.fg.inverse,
  paddingTop: theme.layout.headerHeight + 48,
  paddingBottom: theme.space[16],
  [theme.mq.md]: { paddingTop: theme.layout.headerHeight + 80, paddingBottom: theme.space[24] },
}));

const Grid = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[12],
  alignItems: 'center',
  [theme.mq.lg]: { gridTemplateColumns: '1.25fr 0.75fr' },
}));

const Eyebrow = styled.p(({ theme }) => ({
  display: 'inline-block',
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.bold,
  letterSpacing: '0.14em',
  color: theme.color.fg.onAccent,
  background: theme.color.bg.accent,
  borderRadius: theme.radii.full,
  padding: `${theme.space[1]} ${theme.space[4]}`,
  marginBottom: theme.space[5],
}));

const Headline = styled.h1(({ theme }) => ({
  fontSize: theme.font.size['4xl'],
  fontWeight: theme.font.weight.extrabold,
  [theme.mq.md]: { fontSize: theme.font.size['6xl'] },
}));

const Paragraph = styled.p(({ theme }) => ({
  marginTop: theme.space[5],
  maxWidth: 620,
  fontSize: theme.font.size.lg,
  color: theme.color.fg.inverseMuted,
}));

const Actions = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space[4],
  marginTop: theme.space[8],
}));

const Stats = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: theme.space[4],
  marginTop: theme.space[12],
  marginBottom: 0,
  maxWidth: 560,
  '& div': {
    display: 'flex',
    flexDirection: 'column-reverse',
    borderLeft: `3px solid ${theme.color.bg.accent}`,
    paddingLeft: theme.space[3],
  },
  '& dt': { fontSize: theme.font.size.sm, color: theme.color.fg.inverseMuted },
  '& dd': {
    margin: 0,
    fontSize: theme.font.size['3xl'],
    fontWeight: theme.font.weight.extrabold,
    lineHeight: theme.font.lineHeight.tight,
  },
}));

/** Decorative: only on large screens (spec), hidden from assistive technology. */
const AccelerationCard = styled.div(({ theme }) => ({
  display: 'none',
  [theme.mq.lg]: {
    display: 'block',
    background: theme.color.bg.glass,
    border: `1px solid ${theme.color.border.glass}`,
    borderRadius: theme.radii.xl,
    padding: theme.space[8],
    boxShadow: theme.shadows.lg,
    backdropFilter: 'blur(6px)',
  },
  '& h2': { fontSize: theme.font.size['2xl'], marginTop: theme.space[4] },
  '& p': { marginTop: theme.space[3], color: theme.color.fg.inverseMuted },
}));

const CardIcon = styled.span(({ theme }) => ({
  display: 'inline-flex',
  padding: theme.space[3],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.accent,
  color: theme.color.fg.onAccent,
}));

const Bars = styled.svg(({ theme }) => ({ marginTop: theme.space[6], width: '100%', height: 'auto' }));

export function Hero() {
  const theme = useTheme();
  const { eyebrow, headline, paragraph, stats, primaryCta, secondaryCta, card } = heroCopy;
  return (
    <Band aria-labelledby="hero-heading">
      <Container>
        <Grid>
          <div>
            <Eyebrow>{eyebrow}</Eyebrow>
            <Headline id="hero-heading">{headline}</Headline>
            <Paragraph>{paragraph}</Paragraph>
            <Actions>
              <ButtonLink to={primaryCta.path} variant="accent">
                {primaryCta.label}
              </ButtonLink>
              <ButtonLink to={secondaryCta.path} variant="onDark">
                {secondaryCta.label}
              </ButtonLink>
            </Actions>
            <Stats>
              {stats.map((stat) => (
                // The value comes first visually; dt/dd order keeps the label with its number for screen readers.
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </Stats>
          </div>
          <AccelerationCard aria-hidden="true" data-testid="acceleration-card">
            <CardIcon>
              <Icon name="rocket" size={28} />
            </CardIcon>
            <h2>{card.title}</h2>
            <p>{card.text}</p>
            <Bars viewBox="0 0 240 96" width="240" height="96">
              {[28, 44, 38, 60, 72, 88].map((height, index) => (
                <rect
                  key={height}
                  x={index * 40 + 6}
                  y={96 - height}
                  width="26"
                  height={height}
                  rx="6"
                  fill={index === 5 ? theme.color.bg.accent : theme.color.fg.inverseMuted}
                  opacity={index === 5 ? 1 : 0.4}
                />
              ))}
            </Bars>
          </AccelerationCard>
        </Grid>
      </Container>
    </Band>
  );
}
