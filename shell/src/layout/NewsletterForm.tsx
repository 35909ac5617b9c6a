import { type FormEvent, useState } from 'react';
import { footerCopy } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { buttonStyles } from 'shared-content/ui';
import { loadRuntimeConfig } from '../config/runtime-config.ts';

type Status =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string };

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
}));

const Submit = styled.button(({ theme }) => buttonStyles(theme, 'accent'));

const Message = styled.p(({ theme }) => ({
  fontSize: theme.font.size.sm,
  '&[data-tone="success"]': { color: theme.color.fg.inverse },
  '&[data-tone="error"]': { color: theme.color.bg.accent },
}));

async function subscribe(email: string): Promise<Status> {
  const { apiUrl } = await loadRuntimeConfig();
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { state: 'error', message: footerCopy.newsletterNetworkError };
  }
  const body = (await response.json().catch(() => ({}))) as { message?: unknown; error?: unknown };
  if (response.ok) {
    return {
      state: 'success',
      message: typeof body.message === 'string' ? body.message : footerCopy.newsletterSuccess,
    };
  }
  return {
    state: 'error',
    message: typeof body.error === 'string' ? body.error : footerCopy.newsletterError,
  };
}

/** The footer's Newsletter block: one required e-mail field, browser validation, then POST {apiUrl}/subscribe. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus({ state: 'submitting' });
    const result = await subscribe(email).catch(
      () => ({ state: 'error', message: footerCopy.newsletterError }) as const,
    );
    setStatus(result);
    if (result.state === 'success') setEmail('');
  };

  const submitting = status.state === 'submitting';
  return (
    <section aria-labelledby="footer-newsletter">
      <h2 id="footer-newsletter">{footerCopy.newsletterHeading}</h2>
      <p>{footerCopy.newsletterText}</p>
      <Form onSubmit={onSubmit}>
        <label htmlFor="newsletter-email" className="visually-hidden">
          {footerCopy.newsletterLabel}
        </label>
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={footerCopy.newsletterPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Submit type="submit" disabled={submitting}>
          {submitting ? footerCopy.newsletterSubmitting : footerCopy.newsletterButton}
        </Submit>
        <Message role="status" data-tone={status.state}>
          {status.state === 'success' || status.state === 'error' ? status.message : ''}
        </Message>
      </Form>
    </section>
  );
}
