import { type FormEvent, useState } from 'react';
import { createSubmissionKey, fieldLimits } from 'shared-content/enquiry/client';
import { footerCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { buttonStyles, earlySubmitMarker, Icon, useHydratedForm } from 'shared-content/ui';
import { type SubscribeOutcome, subscribeToNewsletter } from './newsletter-request.ts';

type Status = { state: 'idle' } | { state: 'submitting' } | SubscribeOutcome;

const Form = styled.form(({ theme }) => ({
  display: 'grid',
  gap: theme.space[3],
  '& input': {
    minHeight: 48,
    paddingInline: theme.space[4],
    borderRadius: theme.radii.md,
    border: `1px solid ${theme.color.border.inverse}`,
    background: theme.color.bg.inverseRaised,
    color: theme.color.fg.inverse,
  },
  '& input::placeholder': { color: theme.color.fg.inverseMuted, opacity: 1 },
  '& input[aria-invalid="true"]': { borderColor: theme.color.bg.accent },
}));

const Submit = styled.button(({ theme }) => buttonStyles(theme, 'accent'));

/** The outcome as a light badge on the dark footer: the success and danger pairs pass AA contrast. */
const Message = styled.p(({ theme }) => ({
  display: 'flex',
  gap: theme.space[2],
  alignItems: 'flex-start',
  margin: `${theme.space[3]} 0 0`,
  padding: `${theme.space[2]} ${theme.space[3]}`,
  borderRadius: theme.radii.md,
  fontSize: theme.font.size.sm,
  '&[data-tone="success"]': { color: theme.color.fg.success, background: theme.color.bg.success },
  '&[data-tone="error"]': { color: theme.color.fg.danger, background: theme.color.bg.danger },
  '& svg': { flexShrink: 0 },
}));

/**
 * The footer's Newsletter block: one required e-mail field with the browser's own validation, then
 * POST {apiUrl}/subscribe. While sending, the button reads Subscribing... and is disabled; on success the
 * field is cleared and a green note shown; on error the address stays and a red note says why.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // Subscribe after a network error resends the same submission, with the same key (see createSubmissionKey).
  const [submission] = useState(createSubmissionKey);
  // An address typed before the page has hydrated is kept; subscribing waits for it (useHydratedForm).
  const { formRef, canSubmit } = useHydratedForm((name, value) => {
    if (name === 'email') setEmail(value);
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus({ state: 'submitting' });
    const address = email.trim();
    const outcome = await subscribeToNewsletter(address, undefined, submission.keyFor(address));
    setStatus(outcome);
    if (outcome.state === 'success') {
      submission.succeeded();
      setEmail('');
    }
  };

  const submitting = status.state === 'submitting';
  const outcome = status.state === 'success' || status.state === 'error' ? status : null;
  return (
    <section aria-labelledby="footer-newsletter">
      <h2 id="footer-newsletter">{footerCopy.newsletterHeading}</h2>
      <p>{footerCopy.newsletterText}</p>
      <Form ref={formRef} onSubmit={onSubmit} aria-busy={submitting}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          {footerCopy.newsletterLabel}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          maxLength={fieldLimits.email}
          autoComplete="email"
          placeholder={footerCopy.newsletterPlaceholder}
          value={email}
          aria-invalid={status.state === 'error'}
          aria-describedby="newsletter-status"
          onChange={(event) => setEmail(event.target.value)}
        />
        <Submit type="submit" {...earlySubmitMarker} disabled={submitting || !canSubmit}>
          {submitting ? footerCopy.newsletterSubmitting : footerCopy.newsletterButton}
        </Submit>
      </Form>
      {/* The live region is always there, so screen readers announce the outcome when it appears. */}
      <div id="newsletter-status" role="status">
        {outcome && (
          <Message data-tone={outcome.state}>
            {outcome.state === 'success' && <Icon name="check" size={18} />}
            {outcome.message}
          </Message>
        )}
      </div>
    </section>
  );
}
