/**
 * Unknown paths get the 404 page (the app renders it too) with a real 404 status; a remote's folder a plain
 * 404. Without generated pages, the bare index.html serves both. The last middleware: it always answers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pageFileName } from 'deploy-model/layout';
import { targetOf } from '../refusals.ts';
import { routeOf } from '../routes.ts';
import { notFoundResponse, pageResponse } from '../site-file.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const notFoundAnswer: SiteMiddleware = (site) => async (c) => {
  if (!site.spa) return notFoundResponse();
  const { trimmed, known } = routeOf(site, targetOf(c.env.incoming));
  const page = site.pagesDir ? join(site.pagesDir, pageFileName(known ? trimmed : null)) : null;
  const html = page && existsSync(page) ? page : join(site.dir, 'index.html');
  if (!existsSync(html)) return notFoundResponse();
  return pageResponse(c, site, html, known ? 200 : 404);
};
