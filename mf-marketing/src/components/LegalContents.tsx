import { type LegalSection, legalPageCopy } from 'shared-content/marketing';
import { styled } from 'shared-content/styling';

export interface LegalContentsProps {
  sections: readonly LegalSection[];
}

const Nav = styled.nav(({ theme }) => ({
  padding: theme.space[6],
  borderRadius: theme.radii.lg,
  background: theme.color.bg.subtle,
  border: `1px solid ${theme.color.border.default}`,
  fontSize: theme.font.size.sm,
  [theme.mq.lg]: {
    position: 'sticky',
    top: theme.layout.headerHeight + 24,
  },
  '& h2': {
    fontSize: theme.font.size.sm,
    fontWeight: theme.font.weight.bold,
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    color: theme.color.fg.muted,
    marginBottom: theme.space[3],
  },
  '& ol': { margin: 0, paddingLeft: theme.space[5], display: 'grid', gap: theme.space[2] },
  '& li::marker': { color: theme.color.fg.muted },
  '& a': {
    color: theme.color.fg.default,
    textDecoration: 'none',
    '&:hover': { color: theme.color.fg.brand, textDecoration: 'underline' },
  },
}));

/** The legal page's table of contents: a jump list on phones, a sticky sidebar on large screens. */
export function LegalContents({ sections }: LegalContentsProps) {
  return (
    <Nav aria-labelledby="legal-contents-heading">
      <h2 id="legal-contents-heading">{legalPageCopy.contentsLabel}</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.heading}</a>
          </li>
        ))}
      </ol>
    </Nav>
  );
}
