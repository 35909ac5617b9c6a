import { getInTouchCopy } from 'shared-content/contact';
import { fieldLimits } from 'shared-content/enquiry';
import type { EmailJsSettings } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { earlySubmitMarker, useHydrated } from 'shared-content/ui';
import { Input, SubmitButton, TextArea } from '../form/controls.ts';
import { Field } from '../form/Field.tsx';
import { Honeypot } from '../form/Honeypot.tsx';
import { useGetInTouchForm } from './useGetInTouchForm.ts';

export interface GetInTouchFormProps {
  emailjs: EmailJsSettings;
  /** Send an Idempotency-Key with each message: the provider is the project's own API. */
  idempotent?: boolean;
}

const Card = styled.div(({ theme }) => ({
  background: theme.color.bg.page,
  borderRadius: theme.radii.xl,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.lg,
  padding: theme.space[6],
  [theme.mq.md]: { padding: theme.space[10] },
  '& h3': { fontSize: theme.font.size.xl, fontWeight: theme.font.weight.bold },
}));

const Fields = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[5],
  marginBlock: theme.space[6],
}));

const ids = {
  heading: 'get-in-touch-form-heading',
  name: 'contact-name',
  email: 'contact-email',
  message: 'contact-message',
} as const;

/** The simple Get In Touch form: full name, email address and message, all required, sent via sendForm. */
export function GetInTouchForm({ emailjs, idempotent }: GetInTouchFormProps) {
  const { formRef, state, submit } = useGetInTouchForm(emailjs, idempotent);
  const sending = state === 'sending';
  // Sending waits for hydration: before it, the browser would submit the form itself (useHydrated).
  const hydrated = useHydrated();
  const { fields } = getInTouchCopy;
  return (
    <Card>
      <form ref={formRef} onSubmit={submit} aria-labelledby={ids.heading} aria-busy={sending}>
        <h3 id={ids.heading}>{getInTouchCopy.formHeading}</h3>
        <Fields>
          <Field controlId={ids.name} label={fields.name.label} required>
            <Input
              id={ids.name}
              name="name"
              maxLength={fieldLimits.name}
              type="text"
              required
              autoComplete={fields.name.autoComplete}
              placeholder={fields.name.placeholder}
            />
          </Field>
          <Field controlId={ids.email} label={fields.email.label} required>
            <Input
              id={ids.email}
              name="email"
              maxLength={fieldLimits.email}
              type="email"
              required
              autoComplete={fields.email.autoComplete}
              placeholder={fields.email.placeholder}
            />
          </Field>
          <Field controlId={ids.message} label={fields.message.label} required>
            <TextArea
              id={ids.message}
              name="message"
              maxLength={fieldLimits.message}
              rows={4}
              required
              placeholder={fields.message.placeholder}
            />
          </Field>
        </Fields>
        <Honeypot />
        <SubmitButton type="submit" {...earlySubmitMarker} disabled={sending || !hydrated}>
          {sending ? getInTouchCopy.sending : getInTouchCopy.submit}
        </SubmitButton>
      </form>
    </Card>
  );
}
