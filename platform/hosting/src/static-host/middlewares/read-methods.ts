/** Only GET and HEAD read a file; any other method gets 405 and the list it may use. */
import { allowedMethods } from 'deploy-model/hosting-rules';
import { refusalResponse } from '../refusals.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const readMethodsOnly: SiteMiddleware = () => async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  return refusalResponse({ status: 405, message: 'Method not allowed' }, { Allow: allowedMethods });
};
