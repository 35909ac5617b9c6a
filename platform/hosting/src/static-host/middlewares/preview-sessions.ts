/**
 * The page devtools' session requests (`POST /__preview/session…`), passed on to the release service
 * (static-host/session-forward.ts). Before the read-methods check: they are the shell's only POSTs. A host
 * started without the service's address does not know these paths.
 */
import { plainPeerAddress } from 'site-node-server/peer-address';
import { refusalResponse, targetOf } from '../refusals.ts';
import { forwardSessionRequest, servicePathOf } from '../session-forward.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const previewSessionRequests: SiteMiddleware = (site) => async (c, next) => {
  const path = site.spa ? servicePathOf(targetOf(c.env.incoming).path) : undefined;
  if (!path) return next();
  const service = site.preview?.releaseService;
  if (!service) return refusalResponse({ status: 404, message: 'Not found' });
  const client = plainPeerAddress(c.env.incoming.socket.remoteAddress);
  return forwardSessionRequest(c.req.raw, { service, path, client });
};
