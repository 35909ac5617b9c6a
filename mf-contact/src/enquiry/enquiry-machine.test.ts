import { enquiryFormCopy, planEnquiryCopy, planSummaries } from 'shared-content/contact';
import { describe, expect, it } from 'vitest';
import {
  type EnquiryEvent,
  type EnquiryState,
  emptyEnquiry,
  enquiryReducer,
  initialEnquiryState,
} from './enquiry-machine.ts';

const filled = {
  name: 'Shop owner',
  email: 'owner@shop.example',
  business: 'Corner Sweets',
  phone: '+91 90123 45678',
  service: 'E-commerce Solutions',
  message: 'We want to sell online.',
} as const;

const run = (state: EnquiryState, ...events: EnquiryEvent[]) => events.reduce(enquiryReducer, state);

const filledIdle: EnquiryState = { ...initialEnquiryState, fields: { ...filled } };
const submitting = run(filledIdle, { type: 'submit' });

describe('the Send Your Query state machine', () => {
  it('starts idle with every field empty and no message', () => {
    expect(initialEnquiryState).toEqual({ fields: emptyEnquiry, status: { kind: 'idle' }, plan: undefined });
  });

  it('edits one field at a time', () => {
    const state = run(initialEnquiryState, { type: 'edit', field: 'name', value: 'Café owner' });
    expect(state.fields).toEqual({ ...emptyEnquiry, name: 'Café owner' });
    expect(state.status).toEqual({ kind: 'idle' });
  });

  it('accepts exactly the six services or empty', () => {
    for (const service of enquiryFormCopy.serviceOptions) {
      expect(
        run(initialEnquiryState, { type: 'edit', field: 'service', value: service }).fields.service,
      ).toBe(service);
    }
    const chosen = run(initialEnquiryState, { type: 'edit', field: 'service', value: 'SEO Services' });
    expect(run(chosen, { type: 'edit', field: 'service', value: '' }).fields.service).toBe('');
    expect(run(chosen, { type: 'edit', field: 'service', value: 'Logo Design' }).fields.service).toBe(
      'SEO Services',
    );
  });

  it('idle → submitting on submit, keeping the fields', () => {
    expect(submitting.status).toEqual({ kind: 'submitting' });
    expect(submitting.fields).toEqual(filled);
  });

  it('ignores a second submit while submitting (the same state, so nothing re-renders)', () => {
    expect(enquiryReducer(submitting, { type: 'submit' })).toBe(submitting);
  });

  it('locks the fields while submitting', () => {
    expect(enquiryReducer(submitting, { type: 'edit', field: 'name', value: 'Changed' })).toBe(submitting);
  });

  it('submitting → success clears every field and shows the green thank-you', () => {
    const state = run(submitting, { type: 'succeeded' });
    expect(state.status).toEqual({
      kind: 'success',
      message: "Thank you! We'll contact you within 24 hours.",
    });
    expect(state.fields).toEqual(emptyEnquiry);
  });

  it("submitting → error shows the server's error text and keeps the fields", () => {
    const state = run(submitting, { type: 'serverFailed', error: 'Please enter a valid e-mail address.' });
    expect(state.status).toEqual({ kind: 'error', message: 'Please enter a valid e-mail address.' });
    expect(state.fields).toEqual(filled);
  });

  it.each([
    ['no error field', undefined],
    ['an empty error text', '   '],
    ['an error that is not text', { code: 42 }],
  ])('a server error with %s shows the generic message and keeps the fields', (_case, error) => {
    const state = run(submitting, { type: 'serverFailed', error });
    expect(state.status).toEqual({ kind: 'error', message: 'Something went wrong. Please try again.' });
    expect(state.fields).toEqual(filled);
  });

  it('submitting → error on a network failure, keeping the fields', () => {
    const state = run(submitting, { type: 'networkFailed' });
    expect(state.status).toEqual({ kind: 'error', message: 'Network error. Please check your connection.' });
    expect(state.fields).toEqual(filled);
  });

  it('a new submit from error or success clears the earlier message', () => {
    const afterError = run(submitting, { type: 'networkFailed' }, { type: 'submit' });
    expect(afterError.status).toEqual({ kind: 'submitting' });
    expect(afterError.fields).toEqual(filled);
    const afterSuccess = run(submitting, { type: 'succeeded' }, { type: 'submit' });
    expect(afterSuccess.status).toEqual({ kind: 'submitting' });
  });

  it('keeps the message shown while the visitor edits after a result', () => {
    const state = run(
      submitting,
      { type: 'networkFailed' },
      { type: 'edit', field: 'phone', value: '+91 1' },
    );
    expect(state.status.kind).toBe('error');
    expect(state.fields.phone).toBe('+91 1');
  });

  it.each([
    { type: 'succeeded' },
    { type: 'serverFailed', error: 'late' },
    { type: 'networkFailed' },
  ] as const)('ignores a result ($type) that arrives when nothing is being sent', (event) => {
    expect(enquiryReducer(filledIdle, event)).toBe(filledIdle);
  });

  describe('plan pre-selection', () => {
    const business = planSummaries.business;

    it('notes the plan, pre-fills the message and picks Website Development', () => {
      const state = run(initialEnquiryState, { type: 'choosePlan', plan: business });
      expect(state.plan).toBe(business);
      expect(state.fields.message).toBe(
        "Hi, I'm interested in the Business plan (₹35,000). Please share the next steps.",
      );
      expect(state.fields.service).toBe(planEnquiryCopy.service);
    });

    it('never overwrites what the visitor typed or chose', () => {
      const state = run(filledIdle, { type: 'choosePlan', plan: business });
      expect(state.fields).toEqual(filled);
      expect(state.plan).toBe(business);
    });

    it('replaces its own pre-filled message when the plan changes', () => {
      const state = run(
        initialEnquiryState,
        { type: 'choosePlan', plan: business },
        { type: 'choosePlan', plan: planSummaries.premium },
      );
      expect(state.fields.message).toContain('Premium plan (₹75,000)');
    });

    it('clears the plan with the fields after a successful send', () => {
      const state = run(
        initialEnquiryState,
        { type: 'choosePlan', plan: business },
        { type: 'submit' },
        { type: 'succeeded' },
      );
      expect(state.plan).toBeUndefined();
      expect(state.fields).toEqual(emptyEnquiry);
    });

    it('keeps the plan on error', () => {
      const state = run(
        initialEnquiryState,
        { type: 'choosePlan', plan: business },
        { type: 'submit' },
        { type: 'networkFailed' },
      );
      expect(state.plan).toBe(business);
    });
  });
});
