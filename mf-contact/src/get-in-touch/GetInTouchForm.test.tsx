import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GetInTouchForm } from './GetInTouchForm.tsx';

const settings = { origin: 'http://provider.test', serviceId: 's', templateId: 't', publicKey: 'k' };

/** The provider answers when the test says so, with the given status and text. */
function provider() {
  const pending: Array<(status: number, text: string) => void> = [];
  class FakeXhr extends EventTarget {
    status = 0;
    responseText = '';
    open() {}
    setRequestHeader() {}
    send() {
      pending.push((status, text) => {
        this.status = status;
        this.responseText = text;
        this.dispatchEvent(new Event('load'));
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { answer: (status: number, text: string) => pending.shift()?.(status, text), pending };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(textbox('Full Name'), 'Clinic manager');
  await user.type(textbox('Email Address'), 'manager@clinic.example');
  await user.type(textbox('Message'), 'Do you build booking pages?');
}

afterEach(() => vi.unstubAllGlobals());

describe('Get In Touch form', () => {
  it('requires all three fields, with the browser e-mail check', () => {
    renderWithProviders(<GetInTouchForm emailjs={settings} />);
    expect(textbox('Full Name')).toBeRequired();
    expect(textbox('Email Address')).toBeRequired();
    expect(textbox('Email Address')).toHaveAttribute('type', 'email');
    expect(textbox('Message')).toBeRequired();
  });

  it('says Sending... on a disabled button, then alerts success and clears the fields', async () => {
    const user = userEvent.setup({ delay: null });
    const { answer, pending } = provider();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<GetInTouchForm emailjs={settings} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    await user.click(sending);
    expect(pending).toHaveLength(1);

    answer(200, 'OK');
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Message sent successfully!');
    expect(textbox('Full Name')).toHaveValue('');
    expect(textbox('Message')).toHaveValue('');
  });

  it("alerts the provider's text on failure and keeps the fields", async () => {
    const user = userEvent.setup({ delay: null });
    const { answer } = provider();
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<GetInTouchForm emailjs={settings} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    answer(403, 'The public key is invalid');
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(alert).toHaveBeenCalledExactlyOnceWith('Error sending message: The public key is invalid');
    expect(textbox('Full Name')).toHaveValue('Clinic manager');
  });

  it('alerts the client’s own error when an id is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(<GetInTouchForm emailjs={{ ...settings, serviceId: '' }} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(alert).toHaveBeenCalledExactlyOnceWith(
      expect.stringMatching(/^Error sending message: The service ID is required/),
    );
  });
});
