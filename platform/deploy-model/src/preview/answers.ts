/**
 * What a host answers on the preview paths and sends a dev preview's browser, as plain values: the embedded
 * host (static-host/preview.ts) writes them to Node's response, nginx's njs module (nginx/njs/) to nginx's, so
 * both send the same statuses, headers and bodies. Nothing here reads a file or a request.
 */
import { type PreviewClaim, previewCookie } from 'federation/preview';
import {
  defaultRemoteMap,
  parseRemoteMapDocument,
  pinnedDocument,
  type ResolvedRemote,
} from 'federation/remote-map';
import type { TokenRefusal } from './verify.ts';

export interface PreviewAnswer {
  status: number;
  headers: Record<string, string>;
  /** Empty for the redirects, which carry none. */
  body: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A plain page a person understands; no script, no style, nothing cached. */
export function refusalAnswer(status: number, title: string, text: string): PreviewAnswer {
  const body =
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
    `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p>Nothing changed in this browser. <a href="/">Go to the site</a></p></main></html>\n`;
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
    body,
  };
}

const cookie = (value: string, maxAge: number, secure: boolean) =>
  `${previewCookie}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;

const redirectHome = (setCookie: string): PreviewAnswer => ({
  status: 303,
  headers: { Location: '/', 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' },
  body: '',
});

/** `/__preview/exit`: the cookie cleared, back to the site. */
export const exitAnswer = (secure: boolean) => redirectHome(cookie('', 0, secure));

/**
 * `/__preview?token=…`: a refusal page for a tampered, expired or unknown link (no cookie: nothing changes for
 * that browser), else the token kept in the cookie until it expires and the browser sent home.
 * `pagesOpen` says whether the preview's pages are there (a dev preview has none).
 */
export function openAnswer(
  verified: { claim: PreviewClaim } | { refused: TokenRefusal },
  { token, secure, now, pagesOpen }: { token: string; secure: boolean; now: number; pagesOpen: boolean },
): PreviewAnswer {
  if ('refused' in verified) {
    if (verified.refused === 'expired')
      return refusalAnswer(
        410,
        'This preview link has expired',
        'Preview links last a limited time. Ask the team for a new one (pnpm release preview).',
      );
    if (verified.refused === 'revoked')
      return refusalAnswer(
        410,
        'This preview link was revoked',
        'It was ended before it expired, or the key that made it was revoked. Ask the team for a new one.',
      );
    return refusalAnswer(
      verified.refused === 'signature' ? 403 : 400,
      'This preview link is not valid',
      'It was changed, cut short, or made for another site. Use the link exactly as the release printed it.',
    );
  }
  const { claim } = verified;
  if (claim.session && !pagesOpen) {
    return refusalAnswer(
      404,
      'This preview session is not available',
      'Its versions are no longer on this site. Open one of its preview links again, or ask for a new one.',
    );
  }
  if (!claim.session && !claim.dev && !pagesOpen) {
    return refusalAnswer(
      404,
      'This preview is not available',
      `No preview of ${claim.remote} ${claim.version} is open on this site (it may have been written over).`,
    );
  }
  const maxAge = Math.max(1, claim.expires - Math.floor(now / 1000));
  return redirectHome(cookie(token, maxAge, secure));
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

/**
 * A session's remotes.json: the live map's default versions, with each remote the session does not keep live on
 * the version its file names (releases/sessions/<id>.json, written by the release service: manifest URL and the
 * integrity its release sealed; a dev server's entry has none). Undefined when the file is not a session's.
 */
export function sessionPreviewMap(liveMap: unknown, sessionFile: unknown): string | undefined {
  const remotes = (sessionFile as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) return undefined;
  const resolved = defaultRemoteMap(parseRemoteMapDocument(liveMap, () => undefined));
  for (const [name, entry] of Object.entries(remotes as Record<string, Partial<ResolvedRemote>>)) {
    if (!(name in resolved) || typeof entry?.url !== 'string' || typeof entry.version !== 'string')
      return undefined;
    resolved[name as keyof typeof resolved] = {
      url: entry.url,
      version: entry.version,
      ...(typeof entry.integrity === 'string' ? { integrity: entry.integrity } : {}),
    };
  }
  return `${JSON.stringify(pinnedDocument(resolved))}\n`;
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
