import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ErrorReply, enquiryApiPaths } from 'shared-content/enquiry';

/**
 * Error replies: JSON { error } for the site's own endpoints (the forms show `error`), plain text for the
 * EmailJS-compatible one, whose client library reads the body as text.
 */
export function failure(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  details: Omit<ErrorReply, 'error'> = {},
) {
  if (c.req.path === enquiryApiPaths.sendForm) return c.text(message, status);
  return c.json({ error: message, ...details } satisfies ErrorReply, status);
}

/** The media type of a Content-Type header, without parameters, lower-cased. */
export function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
