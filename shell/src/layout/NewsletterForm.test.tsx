import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { footerCopy } from 'shared-content/site';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './NewsletterForm.tsx';

const runtime = {
  apiUrl: 'http://api.test',
  emailjs: { origin: 'http://api.test', serviceId: 's', templateId: 't', publicKey: 'p' },
};

/** Answers /runtime.json, and /subscribe with `subscribe` (a Response, or a thrown network failure). */
function stubFetch(subscribe: () => Promise<Response>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/runtime.json') return Response.json(runtime);
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return subscribe();
  });
  return calls;
}

async function submit(address: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(footerCopy.newsletterLabel), address);
  await user.click(screen.getByRole('button', { name: footerCopy.newsletterButton }));
}

describe('NewsletterForm', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('posts the address to {apiUrl}/subscribe, shows the success note and clears the field', async () => {
    const calls = stubFetch(async () => Response.json({ ok: true, id: 'x' }));
    renderWithProviders(<NewsletterForm />);
    await submit(' reader@example.com ');
    expect(await screen.findByText(footerCopy.newsletterSuccess)).toBeInTheDocument();
    expect(calls).toEqual([{ url: 'http://api.test/subscribe', body: { email: 'reader@example.com' } }]);
    expect(screen.getByLabelText(footerCopy.newsletterLabel)).toHaveValue('');
  });

  it('shows "Subscribing..." on a disabled button while the request runs', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<NewsletterForm />);
    await submit('reader@example.com');
    const busy = await screen.findByRole('button', { name: footerCopy.newsletterSubmitting });
    expect(busy).toBeDisabled();
    answer(Response.json({ ok: true, id: 'x' }));
    expect(await screen.findByRole('button', { name: footerCopy.newsletterButton })).toBeEnabled();
  });

  it("shows the API's error text and keeps the address", async () => {
    stubFetch(async () =>
      Response.json({ error: 'Too many messages from your connection.' }, { status: 429 }),
    );
    renderWithProviders(<NewsletterForm />);
    await submit('reader@example.com');
    expect(await screen.findByText('Too many messages from your connection.')).toBeInTheDocument();
    const input = screen.getByLabelText(footerCopy.newsletterLabel);
    expect(input).toHaveValue('reader@example.com');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the generic error without an error text, and to the network error when offline', async () => {
    stubFetch(async () => new Response('Bad gateway', { status: 502 }));
    const first = renderWithProviders(<NewsletterForm />);
    await submit('reader@example.com');
    expect(await screen.findByText(footerCopy.newsletterError)).toBeInTheDocument();
    first.unmount();

    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<NewsletterForm />);
    await submit('reader@example.com');
    expect(await screen.findByText(footerCopy.newsletterNetworkError)).toBeInTheDocument();
  });
});
