import { describe, expect, it } from 'vitest';
import { hasInvisibleFormatting, hasLoneSurrogate } from './invisible-characters.ts';
import { validationMessages as say } from './messages.ts';
import { contactMessageSchema, enquirySchema, fieldIssues, newsletterSubscriptionSchema } from './schemas.ts';

const valid = {
  name: 'Store Owner',
  email: 'owner@shop.example',
  business: 'Handloom Store',
  phone: '+91 98765 43210',
  service: 'Website Development',
  message: 'We need an online store.',
};
const contact = { name: 'Site Visitor', email: 'visitor@example.com', message: 'Do you build apps?' };

/** Every bidi control and zero-width character the one-line fields refuse. */
const hidden = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b,
  0x200c, 0x200d, 0x2060, 0xfeff,
].map((code) => String.fromCharCode(code));

function firstIssue(result: { success: boolean; error?: unknown }) {
  if (result.success) throw new Error('expected a failed parse');
  return fieldIssues(result.error as Parameters<typeof fieldIssues>[0])[0];
}

describe('hidden characters', () => {
  it('finds each bidi control and zero-width character, and nothing in ordinary text', () => {
    for (const character of hidden) expect(hasInvisibleFormatting(`a${character}b`)).toBe(true);
    expect(hasInvisibleFormatting('दुकान मालिक 🙏 Café, O’Brien — +91')).toBe(false);
  });

  it('finds a lone surrogate of either half, and passes whole pairs', () => {
    expect(hasLoneSurrogate('a\ud800')).toBe(true);
    expect(hasLoneSurrogate('\udc00a')).toBe(true);
    expect(hasLoneSurrogate('\ud800\ud800\udc00')).toBe(true);
    expect(hasLoneSurrogate('🙏 \ud83d\ude4f')).toBe(false);
  });

  it.each([
    ['name', 'Invoice \u202egnp.exe'],
    ['email', 'owner\u200b@shop.example'],
    ['business', 'Handloom\u200dStore'],
    ['phone', '+91 98765\u2066 43210'],
    ['name', '\ufeffStore Owner'],
    ['business', 'Shop \u061c'],
  ] as const)('the enquiry refuses hidden characters in %s (%j)', (field, value) => {
    expect(firstIssue(enquirySchema.safeParse({ ...valid, [field]: value }))).toEqual({
      field,
      message: say.invisibleCharacters(field),
    });
  });

  it('refuses every listed character in a one-line field, of each schema', () => {
    for (const character of hidden) {
      expect(firstIssue(enquirySchema.safeParse({ ...valid, name: `Eve${character}` }))?.message).toBe(
        say.invisibleCharacters('name'),
      );
      expect(
        firstIssue(contactMessageSchema.safeParse({ ...contact, name: `Eve${character}` }))?.message,
      ).toBe(say.invisibleCharacters('name'));
      expect(
        firstIssue(newsletterSubscriptionSchema.safeParse({ email: `a${character}@example.com` })),
      ).toEqual({ field: 'email', message: say.invisibleCharacters('email') });
    }
  });

  it('leaves the multi-line message its joiners and direction marks (scripts and emoji need them)', () => {
    const message = 'مرحبا \u200f ok 👨\u200d👩\u200d👧';
    expect(enquirySchema.parse({ ...valid, message }).message).toBe(message);
  });

  it.each([
    ['name', 'Owner \ud800'],
    ['email', '\udc00a@example.com'],
    ['business', 'Shop\ud83d'],
    ['phone', '+91 98765 43210\ud800'],
    ['message', 'Half an emoji: \ud83d'],
  ] as const)('refuses a lone surrogate in %s', (field, value) => {
    expect(firstIssue(enquirySchema.safeParse({ ...valid, [field]: value }))).toEqual({
      field,
      message: say.brokenCharacter(field),
    });
  });

  it('refuses a lone surrogate in the Get In Touch message', () => {
    expect(firstIssue(contactMessageSchema.safeParse({ ...contact, message: 'x\udfff' }))).toEqual({
      field: 'message',
      message: say.brokenCharacter('message'),
    });
  });
});
