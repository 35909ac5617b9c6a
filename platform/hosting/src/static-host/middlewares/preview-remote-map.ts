/**
 * A preview browser's shell loads the versions its pages were written with: its remotes.json is the preview's
 * (pages/previews/…); for a preview session, the live map with the session's choices (sessionPreviewMap); for a
 * dev preview, the live map with the remote pointed at the dev server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentTypes } from 'deploy-model/hosting-rules';
import {
  devPreviewFor,
  devPreviewMap,
  previewPagesFor,
  sessionPreviewFor,
  sessionPreviewMap,
} from '../preview.ts';
import { targetOf } from '../refusals.ts';
import { resolveFile } from '../send-file.ts';
import { siteFileResponse } from '../site-file.ts';
import type { SiteMiddleware } from '../site-root.ts';

export const previewRemoteMap: SiteMiddleware = (site) => async (c, next) => {
  const request = c.env.incoming;
  const target = targetOf(request);
  if (!site.spa || target.path !== '/remotes.json') return next();
  const live = resolveFile(site.dir, target.segments);
  const session = sessionPreviewFor(request, site.preview);
  const sessionMap = session && live && sessionPreviewMap(readJsonFile(live), readJsonFile(session.file));
  if (sessionMap) return previewMapResponse(sessionMap);
  const dev = devPreviewFor(request, site.preview);
  if (dev && live) return previewMapResponse(devPreviewMap(JSON.parse(readFileSync(live, 'utf8')), dev));
  const dir = previewPagesFor(request, site.preview, site.pagesDir);
  const map = dir ? join(dir, 'remotes.json') : undefined;
  if (!map || !existsSync(map)) return next();
  return siteFileResponse(c, site, { file: map, cachePath: target.path, byCookie: true });
};

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A preview browser's own map: never cached, and only for the cookie that asked for it. */
function previewMapResponse(body: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': contentTypes['.json'] as string,
      'Cache-Control': 'no-store',
      Vary: 'Accept-Encoding, Cookie',
      'Content-Length': String(Buffer.byteLength(body)),
    },
  });
}
