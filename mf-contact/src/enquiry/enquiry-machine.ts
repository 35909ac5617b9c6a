/**
 * The Send Your Query form as a pure state machine (spec sections 4 and 8):
 * idle → submitting → success | error, and from success or error back to submitting on the next submit.
 * Pure, so every transition and message is unit-tested without a browser.
 */

import type { Enquiry } from 'shared-content';
import { enquiryFormCopy, type PlanSummary, planEnquiryCopy } from 'shared-content/contact';

export type EnquiryFieldName = keyof Enquiry;

export type EnquiryStatus =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

export interface EnquiryState {
  fields: Enquiry;
  status: EnquiryStatus;
  /** The pricing plan the visitor came from (/contact?plan=…), shown above the form. */
  plan: PlanSummary | undefined;
}

export type EnquiryEvent =
  | { type: 'edit'; field: EnquiryFieldName; value: string }
  | { type: 'choosePlan'; plan: PlanSummary }
  | { type: 'submit' }
  | { type: 'succeeded' }
  /** The server answered with a failure status; `error` is its JSON error field, when it had one. */
  | { type: 'serverFailed'; error?: unknown }
  /** No answer at all: offline, DNS, connection refused, aborted. */
  | { type: 'networkFailed' };

export const emptyEnquiry: Enquiry = {
  name: '',
  email: '',
  business: '',
  phone: '',
  service: '',
  message: '',
};

export const initialEnquiryState: EnquiryState = {
  fields: emptyEnquiry,
  status: { kind: 'idle' },
  plan: undefined,
};

/** The server's own error text when it sent a usable one, otherwise the generic message. */
function serverErrorMessage(error: unknown): string {
  return typeof error === 'string' && error.trim() !== '' ? error.trim() : enquiryFormCopy.genericError;
}

function isService(value: string): value is Enquiry['service'] {
  return value === '' || (enquiryFormCopy.serviceOptions as readonly string[]).includes(value);
}

function edit(state: EnquiryState, field: EnquiryFieldName, value: string): EnquiryState {
  if (field === 'service' && !isService(value)) return state;
  return { ...state, fields: { ...state.fields, [field]: value } };
}

/** Pre-fills the plan without overwriting anything the visitor typed themselves. */
function choosePlan(state: EnquiryState, plan: PlanSummary): EnquiryState {
  const { fields } = state;
  const messageIsOurs =
    fields.message === '' ||
    (state.plan !== undefined && fields.message === planEnquiryCopy.message(state.plan));
  return {
    ...state,
    plan,
    fields: {
      ...fields,
      service: fields.service === '' ? planEnquiryCopy.service : fields.service,
      message: messageIsOurs ? planEnquiryCopy.message(plan) : fields.message,
    },
  };
}

export function enquiryReducer(state: EnquiryState, event: EnquiryEvent): EnquiryState {
  const submitting = state.status.kind === 'submitting';
  switch (event.type) {
    case 'edit':
      // Fields are locked while the request is out, so what was sent is what the visitor sees.
      return submitting ? state : edit(state, event.field, event.value);
    case 'choosePlan':
      return submitting ? state : choosePlan(state, event.plan);
    case 'submit':
      // A second submit while one is out changes nothing: no double enquiry.
      return submitting ? state : { ...state, status: { kind: 'submitting' } };
    case 'succeeded':
      return submitting
        ? {
            fields: emptyEnquiry,
            plan: undefined,
            status: { kind: 'success', message: enquiryFormCopy.success },
          }
        : state;
    case 'serverFailed':
      return submitting
        ? { ...state, status: { kind: 'error', message: serverErrorMessage(event.error) } }
        : state;
    case 'networkFailed':
      return submitting
        ? { ...state, status: { kind: 'error', message: enquiryFormCopy.networkError } }
        : state;
  }
}
