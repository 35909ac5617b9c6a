import type { ReactNode } from 'react';
import { styled } from 'shared-content/styling';

export interface CtaBannerProps {
  headingId: string;
  heading: string;
  text: string;
  /** The banner's buttons. */
  children: ReactNode;
  className?: string;
}

const Banner = styled.div(({ theme }) => ({
  position: 'relative',
  overflow: 'hidden',
  padding: `${theme.space[10]} ${theme.space[5]}`,
  borderRadius: theme.radii.xl,
  // The dark hero gradient keeps white text above 4.5:1 everywhere (the lighter brand gradient does not).
  background: theme.gradient.hero,
  color: theme.color.fg.inverse,
  textAlign: 'center',
  boxShadow: theme.shadows.lg,
  // Two soft decorative rings, drawn with the theme's glass tones.
  '&::before, &::after': {
    content: '""',
    position: 'absolute',
    borderRadius: theme.radii.full,
    border: `40px solid ${theme.color.bg.glass}`,
    pointerEvents: 'none',
  },
  '&::before': { width: 280, height: 280, top: -140, left: -100 },
  '&::after': { width: 360, height: 360, bottom: -220, right: -120 },
  '& > *': { position: 'relative' },
  [theme.mq.md]: { padding: `${theme.space[16]} ${theme.space[12]}` },
  '& h2': {
    fontSize: theme.font.size['2xl'],
    fontWeight: theme.font.weight.extrabold,
    [theme.mq.md]: { fontSize: theme.font.size['4xl'] },
  },
  '& p': {
    margin: `${theme.space[4]} auto ${theme.space[8]}`,
    maxWidth: 580,
    fontSize: theme.font.size.lg,
    color: theme.color.fg.inverseMuted,
  },
}));

const Actions = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: theme.space[4],
}));

/** A rounded brand-gradient panel with a heading, a line of text and its call-to-action buttons. */
export function CtaBanner({ headingId, heading, text, children, className }: CtaBannerProps) {
  return (
    <Banner className={className}>
      <h2 id={headingId}>{heading}</h2>
      <p>{text}</p>
      <Actions>{children}</Actions>
    </Banner>
  );
}
