/** The shell's preview paths, `/__preview?token=…` and `/__preview/exit` (preview.ts). */
import { answerPreviewPath } from '../preview.ts';
import { reachedOverHttps } from '../proxy.ts';
import { targetOf } from '../refusals.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const previewLinks: SiteMiddleware = (site) => async (c, next) => {
  if (!site.spa) return next();
  const request = c.env.incoming;
  const answer = answerPreviewPath(request, {
    path: targetOf(request).path,
    settings: site.preview,
    pagesDir: site.pagesDir,
    secure: reachedOverHttps(request, site.trustProxy ?? 0),
  });
  return answer ?? next();
};
