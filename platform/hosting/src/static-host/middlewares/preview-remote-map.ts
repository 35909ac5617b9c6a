/**
 * A preview browser's shell loads the versions its pages were written with: its remotes.json is the preview's
 * (pages/previews/…), or, for a dev preview, the live map with the remote pointed at the dev server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTypes } from 'deploy-model/hosting-rules';
import { devPreviewFor, devPreviewMap, previewPagesFor } from '../preview.ts';
import { targetOf } from '../refusals.ts';
import { resolveFile } from '../send-file.ts';
import { siteFileResponse } from '../site-file.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const previewRemoteMap: SiteMiddleware = (site) => async (c, next) => {
  const request = c.env.incoming;
  const target = targetOf(request);
  if (!site.spa || target.path !== '/remotes.json') return next();
  const dev = devPreviewFor(request, site.preview);
  const live = resolveFile(site.dir, target.segments);
  if (dev && live) {
    const body = devPreviewMap(JSON.parse(readFileSync(live, 'utf8')), dev);
    return new Response(body, {
      headers: {
        'Content-Type': contentTypes['.json'] as string,
        'Cache-Control': 'no-store',
        Vary: 'Accept-Encoding, Cookie',
        'Content-Length': String(Buffer.byteLength(body)),
      },
    });
  }
  const dir = previewPagesFor(request, site.preview, site.pagesDir);
  const map = dir ? join(dir, 'remotes.json') : undefined;
  if (!map || !existsSync(map)) return next();
  return siteFileResponse(c, site, { file: map, cachePath: target.path, byCookie: true });
};
