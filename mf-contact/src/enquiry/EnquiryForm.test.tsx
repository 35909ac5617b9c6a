import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { planSummaries } from 'shared-content/contact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnquiryForm } from './EnquiryForm.tsx';

/** A fetch whose answer the test releases when it wants, to look at the form while it is submitting. */
function deferredFetch() {
  let answer: (response: Response) => void = () => {};
  const stub = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', stub);
  return { stub, answer: (response: Response) => answer(response) };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Your Name'), 'Store owner');
  await user.type(field('Email Address'), 'owner@store.example');
  await user.type(field('Business Name'), 'Corner Store');
  await user.type(field('WhatsApp Number'), '+91 90123 45678');
}

/** A text field by its accessible name (the * mark is hidden from screen readers). */
const field = (name: string) => screen.getByRole('textbox', { name });

const submitButton = () => screen.getByRole('button', { name: /Send Query|Processing\.\.\./ });

afterEach(() => vi.unstubAllGlobals());

describe('Send Your Query', () => {
  it('marks the four required fields and offers exactly the six services or none', () => {
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={undefined} />);
    for (const label of ['Your Name', 'Email Address', 'Business Name', 'WhatsApp Number']) {
      expect(field(label)).toBeRequired();
    }
    expect(field('Email Address')).toHaveAttribute('type', 'email');
    expect(field('WhatsApp Number')).toHaveAttribute('type', 'tel');
    expect(field('WhatsApp Number').getAttribute('placeholder')).toMatch(/^\+91 /);
    expect(field('Message')).not.toBeRequired();
    const options = screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options).toEqual([
      '',
      'Website Development',
      'Mobile App Development',
      'Digital Marketing',
      'SEO Services',
      'E-commerce Solutions',
      'Custom Software',
    ]);
  });

  it('shows Processing... on a disabled button while sending, then the green thank-you and empty fields', async () => {
    const user = userEvent.setup({ delay: null });
    const { stub, answer } = deferredFetch();
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={undefined} />);
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service Needed' }), 'SEO Services');
    await user.click(submitButton());

    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveTextContent('Processing...');
    // Clicking again or pressing Enter sends nothing more.
    await user.click(submitButton());
    await user.type(field('Your Name'), '{Enter}');
    expect(stub).toHaveBeenCalledTimes(1);

    answer(new Response('{"ok":true,"id":"e1"}', { status: 200 }));
    expect(await screen.findByText("Thank you! We'll contact you within 24 hours.")).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent("Thank you! We'll contact you within 24 hours.");
    expect(submitButton()).toHaveTextContent('Send Query');
    expect(submitButton()).toBeEnabled();
    expect(field('Your Name')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Service Needed' })).toHaveValue('');
  });

  it("announces the server's error in red, keeps the fields, and clears the message on the next submit", async () => {
    const user = userEvent.setup({ delay: null });
    const { answer } = deferredFetch();
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={undefined} />);
    await fillRequired(user);
    await user.click(submitButton());
    answer(new Response('{"error":"Please enter a valid phone number."}', { status: 400 }));

    const message = await screen.findByText('Please enter a valid phone number.');
    expect(message.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    expect(field('Your Name')).toHaveValue('Store owner');
    expect(field('WhatsApp Number')).toHaveValue('+91 90123 45678');

    await user.click(submitButton());
    expect(screen.getByRole('status')).toHaveTextContent('');
    answer(new Response('not json', { status: 500 }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
  });

  it('reports a network failure and keeps the fields', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={undefined} />);
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText('Network error. Please check your connection.')).toBeVisible();
    expect(field('Business Name')).toHaveValue('Corner Store');
  });

  it('resends the same submission with the same Idempotency-Key; a changed or a new one gets another', async () => {
    const user = userEvent.setup({ delay: null });
    const keys: string[] = [];
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        if (fail) throw new TypeError('Failed to fetch');
        return new Response('{"ok":true,"id":"x"}', { status: 200 });
      }),
    );
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={undefined} />);
    await fillRequired(user);
    await user.click(submitButton());
    await screen.findByText('Network error. Please check your connection.');
    await user.click(submitButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.type(field('Business Name'), ' Ltd');
    fail = false;
    await user.click(submitButton());
    expect(await screen.findByText("Thank you! We'll contact you within 24 hours.")).toBeVisible();
    expect(keys[2]).not.toBe(keys[0]);

    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(new Set(keys.slice(1)).size).toBe(3);
  });

  it('shows the plan asked about and pre-fills the message', async () => {
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={planSummaries.business} />);
    expect(await screen.findByText('Plan: Business (₹35,000)')).toBeVisible();
    expect(field('Message')).toHaveValue(
      "Hi, I'm interested in the Business plan (₹35,000). Please share the next steps.",
    );
    expect(screen.getByRole('combobox', { name: 'Service Needed' })).toHaveValue('Website Development');
  });

  it('sends what the form shows, as JSON', async () => {
    const user = userEvent.setup({ delay: null });
    const { stub, answer } = deferredFetch();
    renderWithProviders(<EnquiryForm apiUrl="http://api.test" plan={planSummaries.starter} />);
    await fillRequired(user);
    await user.click(submitButton());
    answer(new Response('{"ok":true}', { status: 200 }));
    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(JSON.parse(String(stub.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'Store owner',
      email: 'owner@store.example',
      business: 'Corner Store',
      phone: '+91 90123 45678',
      service: 'Website Development',
      message: "Hi, I'm interested in the Starter plan (₹15,000). Please share the next steps.",
    });
  });
});
