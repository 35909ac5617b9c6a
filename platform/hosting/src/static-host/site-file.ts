/**
 * A file of the site as its answer: an HTML page gets the site's policy headers (a dev preview's page a policy
 * that lets its dev server in), and a shell's page the visitor's bucket cookie and the variant of their bucket.
 */
import { extname, relative, sep } from 'node:path';
import { bucketCookieValue, bucketIdentifierIn, bucketOf, newBucketIdentifier } from 'federation/bucket';
import { previewPage, variantPage } from './page-choice.ts';
import { devPreviewFor, withDevOrigin } from './preview.ts';
import { reachedOverHttps } from './proxy.ts';
import { refusalResponse } from './refusals.ts';
import { type FileAnswer, fileResponse } from './send-file.ts';
import type { HostContext, SiteRoot } from './site-root.ts';

export const notFoundResponse = () => refusalResponse({ status: 404, message: 'Not found' });

/** The folder a file of this site is served from: the generated pages' or the site's own. */
function rootOf(site: SiteRoot, file: string): string {
  const fromPages = site.pagesDir !== undefined && !relative(site.pagesDir, file).startsWith(`..${sep}`);
  return fromPages && site.pagesDir ? site.pagesDir : site.dir;
}

/** A file of the site (send-file.ts) with the headers of its kind; a 404 when it is gone. */
export async function siteFileResponse(
  c: HostContext,
  site: SiteRoot,
  answer: Omit<FileAnswer, 'root'>,
): Promise<Response> {
  let { byCookie = false } = answer;
  const headers = { ...answer.headers };
  if (extname(answer.file) === '.html' && site.htmlHeaders) {
    const dev = devPreviewFor(c.env.incoming, site.preview);
    for (const [name, value] of Object.entries(site.htmlHeaders())) {
      // Only the browser of a dev preview may load code from its loopback dev server.
      headers[name] = dev && name === 'Content-Security-Policy' ? withDevOrigin(value, dev.origin) : value;
    }
    if (dev) byCookie = true;
  }
  const root = rootOf(site, answer.file);
  const sent = await fileResponse(c.req.raw, c.env.incoming, { ...answer, root, byCookie, headers });
  return sent ?? notFoundResponse();
}

/**
 * One of the shell's pages as the visitor gets it: the variant for their bucket (federation/src/bucket.ts), so
 * the prerendered content is what the remote versions their shell loads render. A visitor without a valid
 * identifier gets a new one; every page renews the cookie, so a returning visitor keeps their bucket.
 */
export function pageResponse(c: HostContext, site: SiteRoot, page: string, status: 200 | 404 = 200) {
  const request = c.env.incoming;
  const identifier = bucketIdentifierIn(request.headers.cookie) ?? newBucketIdentifier();
  const secure = reachedOverHttps(request, site.trustProxy ?? 0);
  // A browser in a preview gets the preview's page; its bucket is kept for when the preview ends.
  const preview = previewPage(request, site, page);
  const file = preview ?? variantPage(site.pagesDir, page, bucketOf(identifier));
  return siteFileResponse(c, site, {
    file,
    cachePath: '/index.html',
    status,
    byCookie: true,
    headers: { 'Set-Cookie': bucketCookieValue(identifier, secure) },
  });
}
