import { enquiryFormCopy, type PlanSummary } from 'shared-content/contact';
import { styled } from 'shared-content/styling';
import { earlySubmitMarker, useHydratedForm } from 'shared-content/ui';
import { SubmitButton } from '../form/controls.ts';
import { FormStatus } from '../form/FormStatus.tsx';
import { Honeypot } from '../form/Honeypot.tsx';
import { EnquiryFields } from './EnquiryFields.tsx';
import { type EnquiryFieldName, emptyEnquiry } from './enquiry-machine.ts';
import { PlanNote } from './PlanNote.tsx';
import { useEnquiryForm } from './useEnquiryForm.ts';

export interface EnquiryFormProps {
  /** Base URL of the enquiry API, from run-time configuration. */
  apiUrl: string;
  /** The pricing plan named in the page's ?plan= query, if it names one. */
  plan: PlanSummary | undefined;
}

const Card = styled.div(({ theme }) => ({
  background: theme.color.bg.page,
  borderRadius: theme.radii.xl,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.lg,
  padding: theme.space[6],
  [theme.mq.md]: { padding: theme.space[10] },
}));

const Heading = styled.h2(({ theme }) => ({
  fontSize: theme.font.size['2xl'],
  fontWeight: theme.font.weight.extrabold,
  [theme.mq.md]: { fontSize: theme.font.size['3xl'] },
}));

const Intro = styled.p(({ theme }) => ({ marginTop: theme.space[2], color: theme.color.fg.muted }));

const RequiredNote = styled.p(({ theme }) => ({
  marginTop: theme.space[1],
  fontSize: theme.font.size.sm,
  color: theme.color.fg.muted,
}));

const Actions = styled.div(({ theme }) => ({ marginTop: theme.space[6] }));

const headingId = 'send-your-query-heading';

/** Send Your Query: the main enquiry form, posted as JSON to {apiUrl}/send-email. */
export function EnquiryForm({ apiUrl, plan }: EnquiryFormProps) {
  const { state, edit, submit, honeypotRef } = useEnquiryForm(apiUrl, plan);
  // Typing before the page has hydrated is kept; sending waits for it (useHydratedForm).
  const { formRef, canSubmit } = useHydratedForm((name, value) => {
    if (name in emptyEnquiry) edit(name as EnquiryFieldName, value);
  });
  const { fields, status } = state;
  const submitting = status.kind === 'submitting';
  const message =
    status.kind === 'success' || status.kind === 'error' ? { tone: status.kind, text: status.message } : null;

  return (
    <Card>
      <form ref={formRef} onSubmit={submit} aria-labelledby={headingId} aria-busy={submitting}>
        <Heading id={headingId}>{enquiryFormCopy.heading}</Heading>
        <Intro>{enquiryFormCopy.intro}</Intro>
        <RequiredNote>{enquiryFormCopy.requiredNote}</RequiredNote>
        {state.plan ? <PlanNote plan={state.plan} /> : null}
        <EnquiryFields fields={fields} edit={edit} submitting={submitting} />
        <Honeypot inputRef={honeypotRef} />
        <Actions>
          <SubmitButton type="submit" {...earlySubmitMarker} disabled={submitting || !canSubmit}>
            {submitting ? enquiryFormCopy.submitting : enquiryFormCopy.submit}
          </SubmitButton>
          <FormStatus message={message} />
        </Actions>
      </form>
    </Card>
  );
}
