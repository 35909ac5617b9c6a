import { type FormEvent, useCallback, useEffect, useReducer, useRef } from 'react';
import type { PlanSummary } from 'shared-content/contact';
import { type EnquiryFieldName, enquiryReducer, initialEnquiryState } from './enquiry-machine.ts';
import { sendEnquiry } from './send-enquiry.ts';

/** The Send Your Query form's state and handlers: the pure machine wired to the enquiry API. */
export function useEnquiryForm(apiUrl: string, plan: PlanSummary | undefined) {
  const [state, dispatch] = useReducer(enquiryReducer, initialEnquiryState);
  // The reducer already ignores a second submit, but the request must not even start twice: a ref is
  // updated synchronously, before React re-renders the disabled button.
  const inFlight = useRef(false);
  const honeypotRef = useRef<HTMLInputElement>(null);

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
      dispatch(await sendEnquiry(apiUrl, state.fields, { honeypot: honeypotRef.current?.value ?? '' }));
    } finally {
      inFlight.current = false;
    }
  };

  return { state, edit, submit, honeypotRef };
}
