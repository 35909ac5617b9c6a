/**
 * The switcher's requests (issue 44, item 2): the page asks its own origin, which passes `/__preview/session…`
 * to the release service (site-hosting's static-host/session-forward.ts, nginx alike); the body carries this
 * browser's session (the preview cookie's token), which is the only grant the service takes. A new session is
 * kept in the cookie as the host keeps one (deploy-model's preview/answers.ts) and the page reloads on it.
 * Part of the devtools chunk: a visitor's page has none of it.
 */
// From preview-session.ts, not preview.ts: importing preview.ts's values here would make a visitor's chunk export them.
import {
  previewSessionPaths,
  type RemoteChoices,
  type SessionChoices,
  sessionCookieName,
  sessionTokenIn,
} from 'federation/preview-session';

export type { RemoteChoices, SessionChoices };

/** A new session from the release service. */
export interface SessionAnswer {
  token: string;
  until: string;
}

/** What to switch a remote to, as the release service takes it. */
export type SwitchTarget = 'live' | { version: string } | { dev: string };

/** POSTs JSON to the site; a refusal's own message (the service words it for a person) becomes the error. */
async function ask<T>(path: string, body: unknown, fetcher: typeof fetch): Promise<T> {
  const response = await fetcher(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const text = await response.text();
  let parsed: { error?: string } | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The host's own plain answers (the service unreachable): their text says why.
  }
  if (!response.ok) throw new Error(parsed?.error ?? (text.trim() || `HTTP ${response.status}`));
  return parsed as T;
}

export const sessionToken = (): string | undefined => sessionTokenIn(document.cookie);

export const readChoices = (session: string, fetcher: typeof fetch = fetch) =>
  ask<SessionChoices>(previewSessionPaths.options, { session }, fetcher);

export const switchRemote = (
  session: string,
  remote: string,
  to: SwitchTarget,
  fetcher: typeof fetch = fetch,
) => ask<SessionAnswer>(previewSessionPaths.switch, { session, remote, to }, fetcher);

/** Another team's link (or a session) joined to this one: its remotes replace this session's picks of them. */
export const joinLink = (session: string, link: string, fetcher: typeof fetch = fetch) =>
  ask<SessionAnswer>(previewSessionPaths.join, { links: [session, link] }, fetcher);

/** Keeps the new session in this browser, until it ends, and reloads the page on it. */
export function enterSession({ token, until }: SessionAnswer, reload: () => void = () => location.reload()) {
  const maxAge = Math.max(1, Math.floor((Date.parse(until) - Date.now()) / 1000));
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the host's own preview cookie, as the host writes it
  document.cookie = `${sessionCookieName}=${token}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  reload();
}
