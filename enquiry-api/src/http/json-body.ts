import type { Context } from 'hono';
import { apiMessages } from 'shared-content/enquiry';
import { failure, mediaType } from './replies.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON request body: 415 for another content type, 400 when it does not parse. */
export async function readJsonBody(c: Context): Promise<JsonBody> {
  if (mediaType(c) !== 'application/json') {
    return { ok: false, response: failure(c, 415, apiMessages.jsonRequired) };
  }
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: failure(c, 400, apiMessages.invalidJson) };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
