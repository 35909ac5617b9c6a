/**
 * The Idempotency-Key of a form's submission, as a visitor on a bad connection would expect it to behave:
 * pressing Send again after "Network error" (or a 5xx, or a 429) resends the same submission, so it keeps its
 * key and the API stores it once even if the first one did arrive. Once the submission succeeded, or the
 * visitor changed what the form says, the next Send is a new submission with a new key: a second message on
 * purpose is stored as one.
 */
export interface SubmissionKey {
  /** The key for sending `data` (the form's values, in any stable text form) now. */
  keyFor(data: string): string;
  /** The submission went through: the next one is new, even with the same data. */
  succeeded(): void;
}

/** A random key: randomUUID where the page is a secure context, else 128 random bits in hex. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function createSubmissionKey(makeKey: () => string = newKey): SubmissionKey {
  let current: { key: string; data: string } | null = null;
  return {
    keyFor(data) {
      if (current?.data !== data) current = { key: makeKey(), data };
      return current.key;
    },
    succeeded() {
      current = null;
    },
  };
}
