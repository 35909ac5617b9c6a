/** OPTIONS: the methods every path takes, and how long a browser may keep its preflight (hosting-rules.ts). */
import { allowedMethods, preflightMaxAgeSeconds } from 'deploy-model/hosting-rules';
import type { SiteMiddleware } from '../site-root.ts';

export const preflight: SiteMiddleware = () => async (c, next) => {
  if (c.req.method !== 'OPTIONS') return next();
  return new Response(null, {
    status: 204,
    headers: {
      Allow: allowedMethods,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Max-Age': String(preflightMaxAgeSeconds),
    },
  });
};
