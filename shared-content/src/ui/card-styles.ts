import type { Theme } from '@emotion/react';

/** The raised white surface every card on the site shares. */
export function cardSurface(theme: Theme) {
  return {
    borderRadius: theme.radii.lg,
    background: theme.color.bg.page,
    border: `1px solid ${theme.color.border.default}`,
    boxShadow: theme.shadows.sm,
  } as const;
}

export interface ListGridColumns {
  md: number;
  lg: number;
}

/** A list laid out as a card grid: one column on phones, then `md` and `lg` columns. */
export function listGrid(theme: Theme, columns: ListGridColumns) {
  return {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: theme.space[6],
    [theme.mq.md]: { gridTemplateColumns: `repeat(${columns.md}, minmax(0, 1fr))` },
    [theme.mq.lg]: { gridTemplateColumns: `repeat(${columns.lg}, minmax(0, 1fr))` },
  } as const;
}
