import { describe, expect, it } from 'vitest';
import { fieldLimits, honeypotField } from './fields.ts';
import { contactMessageSchema, enquirySchema, fieldIssues, newsletterSubscriptionSchema } from './schemas.ts';

const valid = {
  name: 'Store Owner',
  email: 'owner@shop.example',
  business: 'Handloom Store',
  phone: '+91 98765 43210',
  service: 'Website Development',
  message: 'We need an online store.',
};

function firstIssue(result: ReturnType<typeof enquirySchema.safeParse>) {
  if (result.success) throw new Error('expected a failed parse');
  return fieldIssues(result.error)[0];
}

describe('enquirySchema', () => {
  it('accepts the form payload and trims it, filling the optional fields', () => {
    const result = enquirySchema.parse({
      name: '  Store Owner ',
      email: ' owner@shop.example ',
      business: 'Handloom Store',
      phone: '9876543210',
    });
    expect(result).toEqual({
      name: 'Store Owner',
      email: 'owner@shop.example',
      business: 'Handloom Store',
      phone: '9876543210',
      service: '',
      message: '',
    });
  });

  it('keeps line breaks in the message, normalised to \\n, and keeps unicode', () => {
    const result = enquirySchema.parse({
      ...valid,
      name: 'दुकान मालिक 😊',
      message: 'Line one\r\nLine two\rthree',
    });
    expect(result.name).toBe('दुकान मालिक 😊');
    expect(result.message).toBe('Line one\nLine two\nthree');
  });

  it.each([
    [{ ...valid, name: undefined }, 'name', 'Name is required.'],
    [{ ...valid, name: '   ' }, 'name', 'Name is required.'],
    [{ ...valid, name: 42 }, 'name', 'Name must be text.'],
    [{ ...valid, name: 'Eve\r\nBcc: all@example.com' }, 'name', 'Name must be a single line'],
    [{ ...valid, email: 'not-an-address' }, 'email', 'Email must be a valid email address'],
    [{ ...valid, email: 'a@example.com\r\nBcc: x@example.com' }, 'email', 'Email must be a single line'],
    [{ ...valid, business: '' }, 'business', 'Business name is required.'],
    [{ ...valid, phone: 'call me' }, 'phone', 'Phone number must be a phone number'],
    [{ ...valid, phone: '12345' }, 'phone', 'Phone number must be a phone number'],
    [{ ...valid, service: 'Gardening' }, 'service', 'Service must be one of: Website Development'],
    [{ ...valid, message: 'x'.repeat(fieldLimits.message + 1) }, 'message', 'at most 5000 characters'],
    [{ ...valid, message: 'bell\u0007' }, 'message', 'Message must not contain control characters.'],
    [{ ...valid, [honeypotField]: '' }, '', `Unexpected field "${honeypotField}".`],
    [{ ...valid, admin: true }, '', 'Unexpected field "admin".'],
    [[valid], '', 'The request body must be a JSON object.'],
    [null, '', 'The request body must be a JSON object.'],
  ])('rejects %j naming %s', (input, field, message) => {
    const issue = firstIssue(enquirySchema.safeParse(input));
    expect(issue?.field).toBe(field);
    expect(issue?.message).toContain(message);
  });
});

describe('contactMessageSchema', () => {
  it('requires a message, unlike the main form', () => {
    const result = contactMessageSchema.safeParse({
      name: 'Site Visitor',
      email: 'visitor@example.com',
      message: ' ',
    });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldIssues(result.error)[0]?.message).toBe('Message is required.');
  });

  it('rejects the main form fields it does not have', () => {
    const result = contactMessageSchema.safeParse({ ...valid });
    expect(result.success).toBe(false);
  });
});

describe('newsletterSubscriptionSchema', () => {
  it('accepts one trimmed e-mail address', () => {
    expect(newsletterSubscriptionSchema.parse({ email: ' a@example.com ' })).toEqual({
      email: 'a@example.com',
    });
  });

  it('names the email field when it is missing', () => {
    const result = newsletterSubscriptionSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldIssues(result.error)[0]).toEqual({ field: 'email', message: 'Email is required.' });
  });
});
