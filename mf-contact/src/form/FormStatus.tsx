import { styled } from 'shared-content/styling';
import { StatusIcon } from './StatusIcon.tsx';

export interface FormStatusProps {
  /** Nothing to say (idle, submitting), or a message in the green success or red error tone. */
  message: { tone: 'success' | 'error'; text: string } | null;
}

// Empty while there is nothing to say, so it adds no space under the button.
const LiveRegion = styled.div(({ theme }) => ({ '&:not(:empty)': { marginTop: theme.space[5] } }));

const Message = styled('p', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone: 'success' | 'error' }>(
  ({ theme, tone }) => ({
    display: 'flex',
    gap: theme.space[3],
    alignItems: 'flex-start',
    padding: `${theme.space[3]} ${theme.space[4]}`,
    borderRadius: theme.radii.md,
    fontWeight: theme.font.weight.semibold,
    color: tone === 'success' ? theme.color.fg.success : theme.color.fg.danger,
    background: tone === 'success' ? theme.color.bg.success : theme.color.bg.danger,
    border: `1px solid ${tone === 'success' ? theme.color.fg.success : theme.color.fg.danger}`,
    '& svg': { flexShrink: 0, marginTop: 2 },
  }),
);

/**
 * The form's status line. The live region stays in the page and only its content changes, so screen readers
 * announce each new message (a region inserted together with its text is often not read).
 */
export function FormStatus({ message }: FormStatusProps) {
  return (
    <LiveRegion role="status" aria-live="polite" aria-atomic="true">
      {message ? (
        <Message tone={message.tone} data-tone={message.tone}>
          <StatusIcon tone={message.tone} />
          <span>{message.text}</span>
        </Message>
      ) : null}
    </LiveRegion>
  );
}
