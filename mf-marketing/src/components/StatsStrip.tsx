import { styled } from 'shared-content/styling';

export interface Stat {
  value: string;
  label: string;
}

export interface StatsStripProps {
  stats: readonly Stat[];
  className?: string;
}

const Strip = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.space[6],
  margin: 0,
  padding: theme.space[8],
  borderRadius: theme.radii.xl,
  background: theme.color.bg.inverse,
  color: theme.color.fg.inverse,
  textAlign: 'center',
  [theme.mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  '& div': { display: 'flex', flexDirection: 'column-reverse', gap: theme.space[1] },
  '& dt': { fontSize: theme.font.size.sm, color: theme.color.fg.inverseMuted },
  '& dd': {
    margin: 0,
    fontSize: theme.font.size['4xl'],
    fontWeight: theme.font.weight.extrabold,
    lineHeight: theme.font.lineHeight.tight,
    color: theme.color.bg.accent,
  },
}));

/** Figures with their labels; the value shows first, dt/dd keeps each label with its number for screen readers. */
export function StatsStrip({ stats, className }: StatsStripProps) {
  return (
    <Strip className={className}>
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </Strip>
  );
}
