import type { ReactNode } from 'react';
import { styled } from 'shared-content/styling';
import { Icon } from 'shared-content/ui';

export interface FeatureListProps {
  items: readonly string[];
  /** Renders an item's text; the default shows it as is. */
  renderItem?: (item: string) => ReactNode;
  onDark?: boolean;
  className?: string;
}

const List = styled('ul', { shouldForwardProp: (prop) => prop !== 'onDark' })<{ onDark: boolean }>(
  ({ theme, onDark }) => ({
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: theme.space[3],
    // Stretched to fill a card, the rows must still sit together at the top.
    alignContent: 'start',
    '& li': { display: 'flex', gap: theme.space[3], alignItems: 'flex-start' },
    '& svg': {
      flexShrink: 0,
      marginTop: 2,
      color: onDark ? theme.color.bg.accent : theme.color.fg.success,
    },
  }),
);

/** A list of features, each after a check mark. */
export function FeatureList({ items, renderItem, onDark = false, className }: FeatureListProps) {
  return (
    <List onDark={onDark} className={className}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={20} />
          <span>{renderItem ? renderItem(item) : item}</span>
        </li>
      ))}
    </List>
  );
}
