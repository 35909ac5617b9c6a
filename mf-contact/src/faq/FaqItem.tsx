import type { FaqItem as FaqEntry } from 'shared-content';
import { styled } from 'shared-content/styling';
import { Chevron } from './Chevron.tsx';

export interface FaqItemProps {
  item: FaqEntry;
  /** Prefix of the ids tying the button to the answer region. */
  id: string;
  open: boolean;
  onToggle: () => void;
}

const Item = styled.div(({ theme }) => ({
  borderRadius: theme.radii.lg,
  border: `1px solid ${theme.color.border.default}`,
  background: theme.color.bg.page,
  boxShadow: theme.shadows.sm,
  transition: `box-shadow ${theme.motion.normal} ${theme.motion.easing}`,
  '&[data-open="true"]': { borderColor: theme.color.border.brand, boxShadow: theme.shadows.md },
  '& h3': { margin: 0, fontSize: theme.font.size.md },
}));

const Toggle = styled.button(({ theme }) => ({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.space[4],
  minHeight: 56,
  padding: `${theme.space[4]} ${theme.space[5]}`,
  border: 0,
  borderRadius: theme.radii.lg,
  background: 'transparent',
  textAlign: 'left',
  fontSize: theme.font.size.md,
  fontWeight: theme.font.weight.semibold,
  lineHeight: theme.font.lineHeight.snug,
  color: theme.color.fg.default,
  cursor: 'pointer',
  '&:hover': { color: theme.color.fg.brand },
  '&[aria-expanded="true"]': { color: theme.color.fg.brand },
  [theme.mq.md]: { fontSize: theme.font.size.lg, padding: `${theme.space[5]} ${theme.space[6]}` },
}));

const Answer = styled.div(({ theme }) => ({
  padding: `0 ${theme.space[5]} ${theme.space[5]}`,
  color: theme.color.fg.muted,
  [theme.mq.md]: { padding: `0 ${theme.space[6]} ${theme.space[6]}` },
}));

/** One question: a real button in a heading, controlling the region that holds the answer. */
export function FaqItem({ item, id, open, onToggle }: FaqItemProps) {
  const buttonId = `${id}-question`;
  const answerId = `${id}-answer`;
  return (
    <Item data-open={open}>
      <h3>
        <Toggle type="button" id={buttonId} aria-expanded={open} aria-controls={answerId} onClick={onToggle}>
          <span>{item.question}</span>
          <Chevron open={open} />
        </Toggle>
      </h3>
      <Answer id={answerId} role="region" aria-labelledby={buttonId} hidden={!open}>
        <p>{item.answer}</p>
      </Answer>
    </Item>
  );
}
