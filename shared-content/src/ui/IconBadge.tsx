import { styled } from '../theme/styling.ts';

/** The tinted square an icon sits in on cards. */
export const IconBadge = styled.span(({ theme }) => ({
  display: 'inline-flex',
  width: 'fit-content',
  padding: theme.space[3],
  borderRadius: theme.radii.md,
  background: theme.color.bg.brandSubtle,
  color: theme.color.fg.brand,
}));
