import type { ReactNode } from 'react';
import { styled } from 'shared-content/styling';

export interface FieldProps {
  /** The id of the control inside, which the label points at. */
  controlId: string;
  label: string;
  required?: boolean;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  children: ReactNode;
}

const Wrapper = styled('div', { shouldForwardProp: (prop) => prop !== 'wide' })<{ wide: boolean }>(
  ({ theme, wide }) => ({
    display: 'grid',
    gap: theme.space[2],
    alignContent: 'start',
    [theme.mq.md]: wide ? { gridColumn: '1 / -1' } : {},
  }),
);

const Label = styled.label(({ theme }) => ({
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
  color: theme.color.fg.default,
}));

const RequiredMark = styled.span(({ theme }) => ({
  color: theme.color.fg.danger,
  marginLeft: theme.space[1],
}));

/** A label above its control; required fields carry a visible * (the control's `required` tells screen readers). */
export function Field({ controlId, label, required = false, wide = false, children }: FieldProps) {
  return (
    <Wrapper wide={wide}>
      <Label htmlFor={controlId}>
        {label}
        {required ? <RequiredMark aria-hidden="true">*</RequiredMark> : null}
      </Label>
      {children}
    </Wrapper>
  );
}
