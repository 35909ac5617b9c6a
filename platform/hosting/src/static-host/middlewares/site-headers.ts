/**
 * The headers of every answer, refusals included: the site's security headers (deploy-folder's, which nginx's
 * configuration is generated from too) and, reached over https, Strict-Transport-Security. A header an answer
 * already carries (an HTML page's own policy) is kept. They are set on the Node response before the answer is
 * made, which Node merges under the answer's own head: reading `c.res.headers` after it would turn the
 * adapter's lightweight Response into a full one, written by the adapter's slow path.
 */
import type { IncomingMessage } from 'node:http';
import { generalSecurityHeaders } from 'deploy-folder/security-headers';
import { reachedOverHttps, strictTransportSecurity } from '../proxy.ts';
import type { SiteMiddleware, SiteRoot } from '../site-root.ts';

export function siteHeaderEntries(site: SiteRoot, request: IncomingMessage): Array<[string, string]> {
  const entries = Object.entries(generalSecurityHeaders);
  if (reachedOverHttps(request, site.trustProxy ?? 0)) {
    entries.push(['Strict-Transport-Security', strictTransportSecurity]);
  }
  return entries;
}

export const siteHeaders: SiteMiddleware = (site) => async (c, next) => {
  for (const [name, value] of siteHeaderEntries(site, c.env.incoming)) c.env.outgoing.setHeader(name, value);
  await next();
};
