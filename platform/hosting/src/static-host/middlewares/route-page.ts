/** Route paths get their generated page, "/" included (the folder's bare index.html names no route). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pageFileName } from 'deploy-model/layout';
import { targetOf } from '../refusals.ts';
import { routeOf } from '../routes.ts';
import { pageResponse } from '../site-file.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const routePage: SiteMiddleware = (site) => async (c, next) => {
  const { trimmed, known } = routeOf(site, targetOf(c.env.incoming));
  const page = known && site.pagesDir ? join(site.pagesDir, pageFileName(trimmed)) : null;
  if (!page || !existsSync(page)) return next();
  return pageResponse(c, site, page);
};
