import { honeypotField } from 'shared-content/enquiry';

/**
 * Takes the honeypot field out of a request's fields. True when a bot filled it: the caller then answers as
 * if all went well and stores nothing. An empty honeypot (a person) is simply removed before validation.
 */
export function takeHoneypot(fields: Record<string, unknown>): boolean {
  if (!(honeypotField in fields)) return false;
  const value = fields[honeypotField];
  delete fields[honeypotField];
  return !(value === '' || value === null || value === undefined);
}
