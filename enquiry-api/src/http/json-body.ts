import type { Context } from 'hono';
import { apiMessages } from 'shared-content/enquiry';
import { failure, mediaType } from './replies.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** The media types a route takes JSON in, and its 415 text for any other. */
export interface JsonMediaTypes {
  accepted: readonly string[];
  refusal: string;
}

const jsonOnly: JsonMediaTypes = { accepted: ['application/json'], refusal: apiMessages.jsonRequired };

/** Reads a JSON request body: 415 for another content type, 400 when it does not parse. */
export async function readJsonBody(c: Context, types: JsonMediaTypes = jsonOnly): Promise<JsonBody> {
  if (!types.accepted.includes(mediaType(c))) {
    return { ok: false, response: failure(c, 415, types.refusal) };
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
