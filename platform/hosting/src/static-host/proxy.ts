import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { forwardedHttps } from 'build-config/trusted-proxy';

/**
 * Whether the visitor reached the site over https: the connection itself is TLS, or a trusted proxy says so.
 * X-Forwarded-Proto is only believed with trusted proxies: without any, a client writes it. Each proxy that
 * appends to it writes one entry on the right, so the entry `hops` from the right is the outermost trusted
 * proxy's, and anything left of it came from the client; a shorter list was set by the proxies alone.
 */
export function reachedOverHttps(request: IncomingMessage, hops: number): boolean {
  if ((request.socket as Partial<TLSSocket>).encrypted === true) return true;
  const header = request.headers['x-forwarded-proto'];
  return typeof header === 'string' && forwardedHttps(header, hops, { emptyEntries: 'count' });
}

/** A year, subdomains included: the site never serves anything over plain http behind its TLS proxy. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';
