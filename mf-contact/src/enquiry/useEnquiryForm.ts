import { type FormEvent, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { PlanSummary } from 'shared-content/contact';
import { createSubmissionKey } from 'shared-content/enquiry';
import { type EnquiryFieldName, enquiryReducer, initialEnquiryState } from './enquiry-machine.ts';
import { sendEnquiry } from './send-enquiry.ts';

/** The Send Your Query form's state and handlers: the pure machine wired to the enquiry API. */
export function useEnquiryForm(apiUrl: string, plan: PlanSummary | undefined) {
  const [state, dispatch] = useReducer(enquiryReducer, initialEnquiryState);
  // The reducer already ignores a second submit, but the request must not even start twice: a ref is
  // updated synchronously, before React re-renders the disabled button.
  const inFlight = useRef(false);
  const honeypotRef = useRef<HTMLInputElement>(null);
  // Send after "Network error" resends the same submission with the same key, so a reply lost after the API
  // stored it does not make a second enquiry; a success or other data starts a new one.
  const [submission] = useState(createSubmissionKey);

  useEffect(() => {
    if (plan) dispatch({ type: 'choosePlan', plan });
  }, [plan]);

  const edit = useCallback((field: EnquiryFieldName, value: string) => {
    dispatch({ type: 'edit', field, value });
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'submit' });
    try {
      const honeypot = honeypotRef.current?.value ?? '';
      const idempotencyKey = submission.keyFor(JSON.stringify([state.fields, honeypot]));
      const outcome = await sendEnquiry(apiUrl, state.fields, { honeypot, idempotencyKey });
      if (outcome.type === 'succeeded') submission.succeeded();
      dispatch(outcome);
    } finally {
      inFlight.current = false;
    }
  };

  return { state, edit, submit, honeypotRef };
}
