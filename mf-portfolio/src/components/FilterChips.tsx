import { styled } from 'shared-content/styling';
import type { PortfolioFilter } from '../model/filtering.ts';

export interface FilterChipsProps {
  options: readonly PortfolioFilter[];
  selected: PortfolioFilter;
  onSelect: (option: PortfolioFilter) => void;
  /** Accessible name of the group. */
  label: string;
}

const Group = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: theme.space[2],
  [theme.mq.md]: { gap: theme.space[3] },
}));

const Chip = styled.button(({ theme }) => ({
  minHeight: 44,
  paddingInline: theme.space[4],
  borderRadius: theme.radii.full,
  border: `1px solid ${theme.color.border.default}`,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
  boxShadow: theme.shadows.sm,
  cursor: 'pointer',
  transition: `background ${theme.motion.fast} ${theme.motion.easing}, border-color ${theme.motion.fast} ${theme.motion.easing}`,
  [theme.mq.md]: { paddingInline: theme.space[5] },
  [theme.mq.hover]: {
    '&:not([aria-pressed="true"]):hover': {
      borderColor: theme.color.border.brand,
      background: theme.color.bg.brandSubtle,
    },
  },
  '&[aria-pressed="true"]': {
    background: theme.color.bg.brand,
    borderColor: theme.color.bg.brand,
    color: theme.color.fg.onBrand,
    boxShadow: theme.shadows.md,
  },
}));

/** The category filter: toggle buttons of which exactly one is pressed. */
export function FilterChips({ options, selected, onSelect, label }: FilterChipsProps) {
  return (
    <Group role="group" aria-label={label}>
      {options.map((option) => (
        <Chip key={option} type="button" aria-pressed={option === selected} onClick={() => onSelect(option)}>
          {option}
        </Chip>
      ))}
    </Group>
  );
}
