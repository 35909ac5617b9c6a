import { type FormEvent, useRef, useState } from 'react';
import { getInTouchCopy } from 'shared-content/contact';
import type { EmailJsSettings } from 'shared-content/site';
import { sendContactMessage } from './send-contact-message.ts';

export type GetInTouchState = 'idle' | 'sending';

/**
 * The Get In Touch form (spec section 4): idle → sending → a browser alert → idle; fields cleared on success.
 * `alert` is the browser's own unless a test passes another.
 */
export function useGetInTouchForm(
  settings: EmailJsSettings,
  // Looked up when called, not when rendered: the page is also rendered in Node, which has no window.
  alert: (text: string) => void = (text) => window.alert(text),
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<GetInTouchState>('idle');
  const inFlight = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setState('sending');
    try {
      const result = await sendContactMessage(settings, formRef.current);
      if (result.ok) {
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
