import { type FormEvent, useRef, useState } from 'react';
import { getInTouchCopy } from 'shared-content/contact';
import { createSubmissionKey } from 'shared-content/enquiry';
import type { EmailJsSettings } from 'shared-content/site';
import { sendContactMessage } from './send-contact-message.ts';

export type GetInTouchState = 'idle' | 'sending';

/** The form's values as one text, to tell a resend of the same message from a changed one. */
function formText(form: HTMLFormElement | null): string {
  if (!form) return '';
  return JSON.stringify(
    Array.from(form.elements, (element) => {
      const { name, value } = element as HTMLInputElement;
      return [name, value];
    }),
  );
}

/**
 * The Get In Touch form (spec section 4): idle → sending → a browser alert → idle; fields cleared on success.
 * With `idempotent` (the provider is the project's own API), a resend of the same message after a failure
 * carries the same Idempotency-Key, so it is stored once. `alert` is the browser's own unless a test passes
 * another.
 */
export function useGetInTouchForm(
  settings: EmailJsSettings,
  idempotent = false,
  // Looked up when called, not when rendered: the page is also rendered in Node, which has no window.
  alert: (text: string) => void = (text) => window.alert(text),
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<GetInTouchState>('idle');
  const inFlight = useRef(false);
  const [submission] = useState(createSubmissionKey);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setState('sending');
    try {
      const key = idempotent ? submission.keyFor(formText(formRef.current)) : undefined;
      const result = await sendContactMessage(settings, formRef.current, key);
      if (result.ok) {
        submission.succeeded();
        formRef.current?.reset();
        alert(getInTouchCopy.successAlert);
      } else {
        alert(`${getInTouchCopy.errorAlertPrefix}${result.providerText}`);
      }
    } finally {
      inFlight.current = false;
      setState('idle');
    }
  };

  return { formRef, state, submit };
}
