import { describe, expect, it } from 'vitest';
import { parseIdempotencyKey } from './idempotency.ts';
import { createSubmissionKey } from './submission-key.ts';

describe('createSubmissionKey', () => {
  it('keeps the key for a resend of the same data, and makes a new one after success or a change', () => {
    const submission = createSubmissionKey();
    const first = submission.keyFor('{"email":"a@example.com"}');
    expect(parseIdempotencyKey(first)).toBe(first);
    expect(submission.keyFor('{"email":"a@example.com"}')).toBe(first);

    const changed = submission.keyFor('{"email":"b@example.com"}');
    expect(changed).not.toBe(first);
    // Changed back: a new submission too, since the one under the first key may have been stored.
    expect(submission.keyFor('{"email":"a@example.com"}')).not.toBe(first);

    const beforeSuccess = submission.keyFor('{"email":"a@example.com"}');
    submission.succeeded();
    expect(submission.keyFor('{"email":"a@example.com"}')).not.toBe(beforeSuccess);
  });
});
