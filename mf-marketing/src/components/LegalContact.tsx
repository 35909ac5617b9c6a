import { Fragment } from 'react';
import type { LegalContactLine } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';

export interface LegalContactProps {
  lines: readonly LegalContactLine[];
}

const Details = styled.dl(({ theme }) => ({
  display: 'grid',
  gap: theme.space[1],
  [theme.mq.md]: {
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: `${theme.space[2]} ${theme.space[6]}`,
  },
  margin: `${theme.space[5]} 0 0`,
  padding: theme.space[6],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.subtle,
  border: `1px solid ${theme.color.border.default}`,
  '& dt': { fontWeight: theme.font.weight.semibold },
  '& dd': {
    margin: 0,
    color: theme.color.fg.muted,
    overflowWrap: 'anywhere',
    [theme.mq.belowMd]: { '&:not(:last-of-type)': { marginBottom: theme.space[3] } },
  },
  '& a': { color: theme.color.fg.brand },
}));

/** The company's contact block at the end of a legal page. */
export function LegalContact({ lines }: LegalContactProps) {
  return (
    <Details>
      {lines.map((line) => (
        <Fragment key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.href ? <a href={line.href}>{line.value}</a> : line.value}</dd>
        </Fragment>
      ))}
    </Details>
  );
}
