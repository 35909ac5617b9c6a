import type { Theme } from '@emotion/react';
import { cardSurface } from 'shared-content/ui';

/**
 * The frame of a portfolio card: the site's card surface, clipping its screenshot, lifted and outlined while
 * `raisedWhen` matches (hover/focus for category cards, the highlighted state for project cards).
 */
export function raisedCard(theme: Theme, raisedWhen: string) {
  return {
    position: 'relative',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    ...cardSurface(theme),
    overflow: 'hidden',
    transition: `transform ${theme.motion.normal} ${theme.motion.easing}, box-shadow ${theme.motion.normal} ${theme.motion.easing}, border-color ${theme.motion.normal} ${theme.motion.easing}`,
    [raisedWhen]: {
      transform: 'translateY(-4px)',
      boxShadow: theme.shadows.lg,
      borderColor: theme.color.border.brand,
    },
    [theme.mq.reducedMotion]: { [raisedWhen]: { transform: 'none' } },
  } as const;
}
