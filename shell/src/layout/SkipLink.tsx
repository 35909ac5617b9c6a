import { headerCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';

const Anchor = styled.a(({ theme }) => ({
  position: 'fixed',
  top: theme.space[2],
  left: theme.space[2],
  zIndex: theme.zIndex.skipLink,
  padding: `${theme.space[3]} ${theme.space[5]}`,
  borderRadius: theme.radii.md,
  background: theme.color.bg.page,
  color: theme.color.fg.brand,
  fontWeight: theme.font.weight.bold,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'translateY(0)' },
}));

/** First focusable element: jumps past the header to the page's main content. */
export function SkipLink() {
  return <Anchor href="#main">{headerCopy.skipLink}</Anchor>;
}
