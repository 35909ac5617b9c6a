import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey } from './idempotency.ts';

describe('parseIdempotencyKey', () => {
  it('takes a UUID, bare or as a quoted string', () => {
    const key = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect(parseIdempotencyKey(key)).toBe(key);
    expect(parseIdempotencyKey(`"${key}"`)).toBe(key);
    expect(parseIdempotencyKey(` ${key} `)).toBe(key);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(129)],
    ['a space inside', '8e03978e 40d5 43e8 bc93'],
    ['two keys (two headers joined)', '8e03978e-40d5-43e8, 8e03978e-40d5-43e9'],
    ['a quote on one side', '"8e03978e-40d5-43e8-bc93'],
    ['non-ASCII', '8e03978e-40d5-43e8-bc93-ü'],
    ['empty', ''],
  ])('refuses %s', (_, header) => {
    expect(parseIdempotencyKey(header)).toBeNull();
  });
});
