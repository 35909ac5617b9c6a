import { type PlanSummary, planEnquiryCopy } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import { Icon } from 'shared-content/ui';

export interface PlanNoteProps {
  plan: PlanSummary;
}

const Note = styled.div(({ theme }) => ({
  display: 'flex',
  gap: theme.space[3],
  alignItems: 'flex-start',
  marginTop: theme.space[5],
  padding: `${theme.space[3]} ${theme.space[4]}`,
  borderRadius: theme.radii.md,
  background: theme.color.bg.brandSubtle,
  color: theme.color.fg.brand,
  border: `1px solid ${theme.color.border.brand}`,
  '& svg': { flexShrink: 0, marginTop: 2 },
  '& strong': { display: 'block', fontWeight: theme.font.weight.bold },
  '& span': { fontSize: theme.font.size.sm },
}));

/** Shows which pricing plan the visitor asked about (from /contact?plan=…). */
export function PlanNote({ plan }: PlanNoteProps) {
  return (
    <Note data-testid="plan-note">
      <Icon name="plan" size={20} />
      <p>
        <strong>{planEnquiryCopy.note(plan)}</strong>
        <span>{planEnquiryCopy.noteHint}</span>
      </p>
    </Note>
  );
}
