import { aboutValuesCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';
import { Icon, Section, SectionHeading } from 'shared-content/ui';
import { IconBadge } from '../components/IconBadge.tsx';

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
}));

const Value = styled.li(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[4],
  padding: theme.space[8],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.page,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.sm,
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
