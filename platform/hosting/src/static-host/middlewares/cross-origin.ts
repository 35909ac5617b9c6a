/**
 * A remote's folder may be fetched from any origin (the shell's page loads its manifest and chunks): hono/cors
 * with `origin: '*'` puts Access-Control-Allow-Origin on its answers. The shell's folder allows none.
 *
 * A preflight (OPTIONS) is not left to hono/cors: it answers one only where it allows an origin (the shell's host
 * answers OPTIONS too) and allows any header a preflight asks for, which nginx never does. The preflight
 * middleware (preflight.ts) answers it on every host; only its Access-Control-Allow-Origin is added here.
 */
import { cors } from 'hono/cors';
import type { SiteMiddleware } from '../site-root.ts';

const allowAnyOrigin = cors({ origin: '*' });

export const crossOrigin: SiteMiddleware = (site) => async (c, next) => {
  if (!site.cors) return next();
  if (c.req.method !== 'OPTIONS') return allowAnyOrigin(c, next);
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
};
