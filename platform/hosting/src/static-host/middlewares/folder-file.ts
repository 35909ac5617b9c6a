/** A file of the served folder, by its path (a folder's URL is its index.html). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pageFileName } from 'deploy-model/layout';
import { targetOf } from '../refusals.ts';
import { resolveFile } from '../send-file.ts';
import { pageResponse, siteFileResponse } from '../site-file.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const folderFile: SiteMiddleware = (site) => async (c, next) => {
  const target = targetOf(c.env.incoming);
  const file = resolveFile(site.dir, target.segments);
  if (!file) return next();
  // Asked for by name, the bare index.html (it names no route) gives way to the generated home page.
  const homePage = site.pagesDir ? join(site.pagesDir, pageFileName('/')) : null;
  if (homePage && file === join(site.dir, 'index.html') && existsSync(homePage)) {
    return pageResponse(c, site, homePage);
  }
  // A folder's URL is cached as the index.html it is answered with (never kept: a standalone page).
  const cachePath = target.path.endsWith('/') ? `${target.path}index.html` : target.path;
  return siteFileResponse(c, site, { file, cachePath });
};
