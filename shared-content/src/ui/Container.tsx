import { styled } from '../theme/styling.ts';

/** Centres content at the site's reading width with responsive side padding. */
export const Container = styled.div(({ theme }) => ({
  width: '100%',
  maxWidth: theme.layout.maxContentWidth,
  marginInline: 'auto',
  paddingInline: theme.space[5],
  [theme.mq.md]: { paddingInline: theme.space[8] },
}));
