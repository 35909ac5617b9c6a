import type { Context } from 'hono';
import { apiMessages } from 'shared-content/enquiry';
import { firstDuplicateKey } from './duplicate-keys.ts';
import { failure, mediaType } from './replies.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/** The media types a route takes JSON in, and its 415 text for any other. */
export interface JsonMediaTypes {
  accepted: readonly string[];
  refusal: string;
}

const jsonOnly: JsonMediaTypes = { accepted: ['application/json'], refusal: apiMessages.jsonRequired };

/** Reads a JSON request body: 415 for another content type, 400 when it does not parse or names a key twice. */
export async function readJsonBody(c: Context, types: JsonMediaTypes = jsonOnly): Promise<JsonBody> {
  if (!types.accepted.includes(mediaType(c))) {
    return { ok: false, response: failure(c, 415, types.refusal) };
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: failure(c, 400, apiMessages.invalidJson) };
  }
  let duplicate: string | null;
  try {
    duplicate = firstDuplicateKey(text);
  } catch {
    // Two parsers that disagree on a body: refuse it rather than guess which one is right.
    return { ok: false, response: failure(c, 400, apiMessages.invalidJson) };
  }
  if (duplicate !== null) {
    return {
      ok: false,
      response: failure(c, 400, apiMessages.duplicateJsonKey(duplicate), { field: duplicate }),
    };
  }
  return { ok: true, value };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
