/**
 * Preview links at the static host: `/__preview?token=…` checks the link's signature and expiry, keeps it in the
 * `agency-preview` cookie and sends the browser to the home page; `/__preview/exit` clears it. A browser whose
 * cookie holds a valid token gets the preview's pages and its remotes.json, from pages/previews/<folder>/<version>/
 * (written by writePages for every open preview); every other browser is served as before. A tampered, expired
 * or unknown link gets a page saying so (4xx) and no cookie: nothing changes for that browser.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { verifyPreviewToken } from 'deploy-folder/preview/token';
import { exitAnswer, openAnswer, type PreviewAnswer } from 'deploy-model/preview/answers';
import { previewPagesDir } from 'deploy-model/preview/folders';
import type { PreviewRevocations } from 'deploy-model/preview/verify';
import { type PreviewClaim, previewPaths, previewTokenIn } from 'federation/preview';

export { devPreviewMap, sessionPreviewMap, withDevOrigin } from 'deploy-model/preview/answers';

export interface PreviewSettings {
  /** The deploy's preview secret (releases/preview.secret), read when needed: undefined before any link. */
  secret(): string | undefined;
  /** The links ended before they expire (releases/preview-revocations.json), read on each preview request. */
  revoked?(): PreviewRevocations;
  /** A preview session's versions file (deploy-model/layout.ts's previewSessionFile); without it, no session. */
  sessionFile?(id: string): string;
  /** The release service's origin, to which the page devtools' session requests are passed (session-forward.ts). */
  releaseService?: string;
}

/** A token's claim if its signature holds, it has not expired and it was not revoked; else why not. */
const verify = (settings: PreviewSettings | undefined, token: string | undefined) =>
  verifyPreviewToken(settings?.secret(), token, Date.now(), settings?.revoked?.());

/** The folder of the preview pages a request's cookie entitles it to, if its token holds and they exist. */
export function previewPagesFor(
  request: IncomingMessage,
  settings: PreviewSettings | undefined,
  pagesDir: string | undefined,
): string | undefined {
  if (!settings || !pagesDir) return undefined;
  const token = previewTokenIn(request.headers.cookie);
  if (!token) return undefined;
  const verified = verify(settings, token);
  if (!('claim' in verified) || verified.claim.session) return undefined;
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
  const verified = verify(settings, token);
  if (!('claim' in verified) || !verified.claim.dev) return undefined;
  return { remote: verified.claim.remote, origin: verified.claim.dev };
}

/**
 * The versions file of the session a request's cookie validly holds (federation/preview-session.ts), if it is
 * there: that browser gets the shell's bare page (no prerender holds that mix of versions) and the session's map.
 */
export function sessionPreviewFor(
  request: IncomingMessage,
  settings: PreviewSettings | undefined,
): { claim: PreviewClaim; file: string } | undefined {
  const token = settings?.sessionFile ? previewTokenIn(request.headers.cookie) : undefined;
  if (!token) return undefined;
  const verified = verify(settings, token);
  if (!('claim' in verified) || !verified.claim.session || !verified.claim.id) return undefined;
  const file = settings?.sessionFile?.(verified.claim.id);
  return file && existsSync(file) ? { claim: verified.claim, file } : undefined;
}

const pagesDirOf = ({ remote, version }: PreviewClaim, pagesDir: string) =>
  version ? join(pagesDir, ...previewPagesDir(remote, version).split('/')) : undefined;

/** The refusal pages carry their length; the redirects no body at all. */
function previewResponse({ status, headers, body }: PreviewAnswer): Response {
  return new Response(body || null, {
    status,
    headers: body ? { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } : headers,
  });
}

/**
 * The answer to a preview path; undefined for any other request. The token is read from the query only: a link
 * is opened by a person, and the cookie, not the URL, keeps the preview on the following pages.
 */
export function answerPreviewPath(
  request: IncomingMessage,
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
): Response | undefined {
  if (path === previewPaths.exit) return previewResponse(exitAnswer(secure));
  if (path !== previewPaths.open) return undefined;
  const token = new URL(request.url ?? '/', 'http://host.invalid').searchParams.get('token') ?? undefined;
  const verified = verify(settings, token);
  const claim = 'claim' in verified ? verified.claim : undefined;
  const dir = claim && !claim.session && pagesDir ? pagesDirOf(claim, pagesDir) : undefined;
  const sessionFile = claim?.session && claim.id ? settings?.sessionFile?.(claim.id) : undefined;
  const pagesOpen = sessionFile
    ? existsSync(sessionFile)
    : dir !== undefined && existsSync(join(dir, 'index.html'));
  return previewResponse(
    openAnswer(verified, { token: token as string, secure, now: Date.now(), pagesOpen }),
  );
}
