/**
 * The page devtools' switches (issue 44, item 2) reach the release service through the site's own origin:
 * `POST /__preview/session[/switch|/options]` is passed on to the service's `/sessions[/…]` (release-service's
 * session-routes.ts), which checks the session the body carries. Same origin, so the page's
 * Content-Security-Policy (connect-src 'self') and the absence of CORS on the service stay as they are, and a
 * teammate's browser needs to reach nothing but the site. nginx passes the same paths to the same service
 * (nginx/config.ts). The host adds nothing: no key, no cookie; a request without a valid session is refused by
 * the service.
 */
import { previewSessionPaths } from 'federation/preview-session';

/** A session, a link or two, a remote and a choice: far below this. */
const maxBodyBytes = 16 * 1024;

/** A short plain answer of this step's own (the request table's refusals have statuses of their own). */
function plain(status: number, message: string, headers: Record<string, string> = {}): Response {
  const body = `${message}\n`;
  return new Response(body, {
    status,
    headers: {
      ...headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': String(Buffer.byteLength(body)),
    },
  });
}

/** The service's path for a session path of the site, if it is one. */
export const servicePathOf = (path: string): string | undefined =>
  (Object.values(previewSessionPaths) as string[]).includes(path)
    ? path.replace(/^\/__preview\/session/, '/sessions')
    : undefined;

/**
 * Passes one session request on to the release service at `service` (its origin) and its answer back; a
 * service that cannot be reached is a 502 that says so. Only POST with a JSON body is passed.
 */
export async function forwardSessionRequest(
  request: Request,
  { service, path, client }: { service: string; path: string; client: string },
): Promise<Response> {
  if (request.method !== 'POST') {
    return plain(405, 'Method not allowed', { Allow: 'POST' });
  }
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isInteger(length) || length > maxBodyBytes) {
    return plain(length > maxBodyBytes ? 413 : 411, 'A JSON body of at most 16 kB, with its Content-Length');
  }
  try {
    const answer = await fetch(new URL(path, service), {
      method: 'POST',
      headers: {
        'Content-Type': request.headers.get('content-type') ?? 'application/json',
        // One hop, as nginx sends it: the service names this client in its log.
        'X-Forwarded-For': client,
      },
      body: await request.arrayBuffer(),
      signal: AbortSignal.timeout(30_000),
    });
    return new Response(await answer.arrayBuffer(), {
      status: answer.status,
      headers: {
        'Content-Type': answer.headers.get('content-type') ?? 'application/json',
        'Cache-Control': 'no-store',
      },
    });
  } catch {
    return plain(502, 'The release service cannot be reached from the site: is it running?');
  }
}
