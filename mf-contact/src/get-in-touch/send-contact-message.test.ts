import type { EmailJsSettings } from 'shared-content/site';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerTextOf, sendContactMessage } from './send-contact-message.ts';

const settings: EmailJsSettings = {
  origin: 'http://provider.test',
  serviceId: 'service_1',
  templateId: 'template_1',
  publicKey: 'key_1',
};

function aForm() {
  const form = document.createElement('form');
  form.innerHTML =
    '<input name="name" value="A"><input name="email" value="a@b.example"><textarea name="message">Hi</textarea>';
  return form;
}

describe('providerTextOf', () => {
  it("passes the client's own thrown text through", () => {
    expect(providerTextOf('The service ID is required')).toBe('The service ID is required');
  });

  it("reads a failed response's text, or says what happened when it is empty", () => {
    expect(providerTextOf({ status: 400, text: 'The template ID is invalid' })).toBe(
      'The template ID is invalid',
    );
    expect(providerTextOf({ status: 502, text: '' })).toBe('HTTP 502');
    expect(providerTextOf({ status: 0, text: '' })).toBe('Network Error');
  });
});

// The real provider client, with no network: it refuses these before sending anything.
describe('sendContactMessage with missing ids or no form', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['public key', { publicKey: '' }, /^The user ID is required/],
    ['service id', { serviceId: '' }, /^The service ID is required/],
    ['template id', { templateId: '' }, /^The template ID is required/],
  ])('fails without a %s, in the client’s own words', async (_what, override, expected) => {
    const result = await sendContactMessage({ ...settings, ...override }, aForm());
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.providerText).toMatch(expected);
  });

  it('fails without a form element, in the client’s own words', async () => {
    const result = await sendContactMessage(settings, null);
    expect(result).toEqual({
      ok: false,
      providerText: 'The 3rd parameter is expected to be the HTML form element or the style selector of form',
    });
  });
});

describe('sendContactMessage against the provider', () => {
  /** A fake XMLHttpRequest that records what the client sends and answers with the given status and text. */
  function fakeXhr(status: number, responseText: string) {
    const sent: { url?: string; body?: FormData } = {};
    class FakeXhr extends EventTarget {
      status = status;
      responseText = responseText;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader() {}
      send(body: FormData) {
        sent.body = body;
        queueMicrotask(() => this.dispatchEvent(new Event('load')));
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return sent;
  }

  afterEach(() => vi.unstubAllGlobals());

  it('posts the form with the ids to {origin}/api/v1.0/email/send-form and succeeds on 200', async () => {
    const sent = fakeXhr(200, 'OK');
    expect(await sendContactMessage(settings, aForm())).toEqual({ ok: true });
    expect(sent.url).toBe('http://provider.test/api/v1.0/email/send-form');
    expect(Object.fromEntries(sent.body?.entries() ?? [])).toMatchObject({
      name: 'A',
      email: 'a@b.example',
      message: 'Hi',
      service_id: 'service_1',
      template_id: 'template_1',
      user_id: 'key_1',
    });
  });

  it("fails with the provider's text on any other answer", async () => {
    fakeXhr(400, 'The user ID is invalid');
    expect(await sendContactMessage(settings, aForm())).toEqual({
      ok: false,
      providerText: 'The user ID is invalid',
    });
  });
});
