export interface FieldIssue {
  /** The field's name (`email`, `events[2].reason`), or "" for the body as a whole. */
  field: string;
  message: string;
}

/** A field's name as replies write it: `email`, `events[2].reason`; "" for the body itself. */
export function fieldPath(path: readonly PropertyKey[] | undefined): string {
  let text = '';
  for (const key of path ?? [])
    text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text;
}

/** 200 from POST /send-email and POST /subscribe. */
export interface AcceptedReply {
  ok: true;
  /** The stored enquiry's or subscription's id: quote it when asking the agency about it. */
  id: string;
}

/** Any 4xx/5xx from the JSON endpoints. `error` is a sentence a form can show as it is. */
export interface ErrorReply {
  error: string;
  /** The field the error is about, when it is about one. */
  field?: string;
  /** All field problems, when the request had several. */
  issues?: FieldIssue[];
}

/** Reads the error text out of an API reply body, if it has one. */
export function errorText(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error } = body as { error?: unknown };
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}
