/**
 * Preview links at the static host: `/__preview?token=…` checks the link's signature and expiry, keeps it in the
 * `agency-preview` cookie and sends the browser to the home page; `/__preview/exit` clears it. A browser whose
 * cookie holds a valid token gets the preview's pages and its remotes.json, from pages/previews/<folder>/<version>/
 * (written by writePages for every open preview); every other browser is served as before. A tampered, expired
 * or unknown link gets a page saying so (4xx) and no cookie: nothing changes for that browser.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type PreviewClaim, previewCookie, previewPaths, previewTokenIn } from 'federation/preview';
import { defaultRemoteMap, parseRemoteMapDocument, pinnedDocument } from 'federation/remote-map';
import { previewPagesDir } from '../preview/registry.ts';
import { verifyPreviewToken } from '../preview/token.ts';

export interface PreviewSettings {
  /** The deploy's preview secret (releases/preview.secret), read when needed: undefined before any link. */
  secret(): string | undefined;
}

/** The folder of the preview pages a request's cookie entitles it to, if its token holds and they exist. */
export function previewPagesFor(
  request: IncomingMessage,
  settings: PreviewSettings | undefined,
  pagesDir: string | undefined,
): string | undefined {
  if (!settings || !pagesDir) return undefined;
  const token = previewTokenIn(request.headers.cookie);
  if (!token) return undefined;
  const verified = verifyPreviewToken(settings.secret(), token);
  if (!('claim' in verified)) return undefined;
  const dir = pagesDirOf(verified.claim, pagesDir);
  return dir && existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/**
 * The loopback dev server a request's cookie validly names (pnpm dev <remote> --against), if any: that browser
 * gets the shell's bare page (rendered in the browser: no prerender holds the dev server's markup), a map
 * pointing the remote at the dev server, and a Content-Security-Policy that lets that origin in.
 */
export function devPreviewFor(
  request: IncomingMessage,
  settings: PreviewSettings | undefined,
): { remote: PreviewClaim['remote']; origin: string } | undefined {
  if (!settings) return undefined;
  const token = previewTokenIn(request.headers.cookie);
  if (!token) return undefined;
  const verified = verifyPreviewToken(settings.secret(), token);
  if (!('claim' in verified) || !verified.claim.dev) return undefined;
  return { remote: verified.claim.remote, origin: verified.claim.dev };
}

/** The live map with the remote on the dev server (no integrity: a dev server seals nothing), others pinned. */
export function devPreviewMap(liveMap: unknown, dev: { remote: PreviewClaim['remote']; origin: string }) {
  const resolved = defaultRemoteMap(parseRemoteMapDocument(liveMap, () => undefined));
  const document = pinnedDocument({
    ...resolved,
    [dev.remote]: { url: `${dev.origin}/mf-manifest.json`, version: 'dev' },
  });
  return `${JSON.stringify(document)}\n`;
}

/** The policy with the dev server's origin (and its hot-reload socket) allowed where the remotes' origins are. */
export function withDevOrigin(policy: string, origin: string): string {
  const socket = origin.replace(/^http/, 'ws');
  return policy
    .split('; ')
    .map((directive) => {
      const [name] = directive.split(' ');
      if (name === 'connect-src') return `${directive} ${origin} ${socket}`;
      if (['script-src', 'style-src', 'img-src', 'font-src'].includes(name ?? ''))
        return `${directive} ${origin}`;
      return directive;
    })
    .join('; ');
}

const pagesDirOf = ({ remote, version }: PreviewClaim, pagesDir: string) =>
  version ? join(pagesDir, ...previewPagesDir(remote, version).split('/')) : undefined;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page a person understands; no script, no style, nothing cached. */
function refusalPage(response: ServerResponse, status: number, title: string, text: string) {
  const body =
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p>Nothing changed in this browser. <a href="/">Go to the site</a></p></main></html>\n`;
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

const cookie = (value: string, maxAge: number, secure: boolean) =>
  `${previewCookie}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;

function redirectHome(response: ServerResponse, setCookie: string) {
  response.writeHead(303, { Location: '/', 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' });
  response.end();
}

/**
 * Answers the preview paths; false for any other request. The token is read from the query only: a link is
 * opened by a person, and the cookie, not the URL, keeps the preview on the following pages.
 */
export function answerPreviewPath(
  request: IncomingMessage,
  response: ServerResponse,
  {
    path,
    settings,
    pagesDir,
    secure,
  }: {
    path: string;
    settings: PreviewSettings | undefined;
    pagesDir: string | undefined;
    secure: boolean;
  },
): boolean {
  if (path === previewPaths.exit) {
    redirectHome(response, cookie('', 0, secure));
    return true;
  }
  if (path !== previewPaths.open) return false;
  const token = new URL(request.url ?? '/', 'http://host.invalid').searchParams.get('token') ?? undefined;
  const verified = verifyPreviewToken(settings?.secret(), token);
  if ('refused' in verified) {
    if (verified.refused === 'expired')
      refusalPage(
        response,
        410,
        'This preview link has expired',
        'Preview links last a limited time. Ask the team for a new one (pnpm release preview).',
      );
    else
      refusalPage(
        response,
        verified.refused === 'signature' ? 403 : 400,
        'This preview link is not valid',
        'It was changed, cut short, or made for another site. Use the link exactly as the release printed it.',
      );
    return true;
  }
  const { claim } = verified;
  const dir = pagesDir ? pagesDirOf(claim, pagesDir) : undefined;
  if (!claim.dev && (!dir || !existsSync(join(dir, 'index.html')))) {
    refusalPage(
      response,
      404,
      'This preview is not available',
      `No preview of ${claim.remote} ${claim.version} is open on this site (it may have been written over).`,
    );
    return true;
  }
  const maxAge = Math.max(1, claim.expires - Math.floor(Date.now() / 1000));
  redirectHome(response, cookie(token as string, maxAge, secure));
  return true;
}
