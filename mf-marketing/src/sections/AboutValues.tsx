import { aboutValuesCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { cardSurface, Icon, IconBadge, listGrid, Section, SectionHeading } from 'shared-content/ui';

const Grid = styled.ul(({ theme }) => listGrid(theme, { md: 2, lg: 4 }));

const Value = styled.li(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[4],
  padding: theme.space[8],
  ...cardSurface(theme),
  '& h3': { fontSize: theme.font.size.xl },
  '& p': { color: theme.color.fg.muted },
}));

/** The about page's promises: what working with the team is like. */
export function AboutValues() {
  const { eyebrow, heading, subtitle, values } = aboutValuesCopy;
  return (
    <Section id="values" tone="subtle" labelledBy="values-heading">
      <SectionHeading id="values-heading" eyebrow={eyebrow} title={heading} subtitle={subtitle} />
      <Grid>
        {values.map((value) => (
          <Value key={value.title}>
            <IconBadge>
              <Icon name={value.icon} size={28} />
            </IconBadge>
            <h3>{value.title}</h3>
            <p>{value.text}</p>
          </Value>
        ))}
      </Grid>
    </Section>
  );
}
