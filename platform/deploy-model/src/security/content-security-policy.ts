/**
 * The Content-Security-Policy of the shell's HTML. Scripts run only from the site itself and from the origins
 * of the remotes in the environment's remote map; the page fetches only from those, the enquiry API's
 * endpoints the site calls (each an exact URL: a source with a path allows that path only) and the EmailJS
 * origin of runtime.json. The one inline script is the page loader, allowed by the hash of its code; the rest
 * is <script src> (Rsbuild's HTML, the remote entries the Module Federation runtime adds), and JSON blocks are
 * data, never executed. No 'unsafe-inline' for scripts: an injected inline script is refused.
 */
export interface PolicySources {
  /** Origins serving remote code (from remotes.json). */
  remoteOrigins: readonly string[];
  /** Further origins the page fetches from, any path on them (the EmailJS origin from runtime.json). */
  connectOrigins: readonly string[];
  /**
   * Exact URLs the page fetches (the enquiry API's endpoints, from runtime.json): each allows its path only,
   * and no other path of its origin. One whose origin is already allowed whole (a remote's, or one above)
   * would add nothing and is left out.
   */
  connectUrls?: readonly string[];
  /** The inline scripts the pages carry, as `'sha256-…'` source expressions (deploy-folder/inline-scripts.ts). */
  inlineScriptHashes?: readonly string[];
}

/** The origin of a URL, or null for anything that is not an absolute http(s) URL. */
export function httpOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const unique = (values: Iterable<string>) => [...new Set(values)];

/**
 * A URL as a CSP source expression restricted to its path (query and fragment dropped: CSP matches neither),
 * or null for anything that is not an absolute http(s) URL. `;` and `,` separate directives and policies, so
 * they are percent-encoded; CSP compares paths percent-decoded, so the source still matches the same URL.
 */
export function pathSource(value: unknown): string | null {
  const origin = httpOrigin(value);
  if (origin === null) return null;
  const { pathname } = new URL(value as string);
  return origin + pathname.replace(/;/g, '%3B').replace(/,/g, '%2C');
}

export function buildContentSecurityPolicy({
  remoteOrigins,
  connectOrigins,
  connectUrls = [],
  inlineScriptHashes = [],
}: PolicySources): string {
  const remotes = unique(remoteOrigins);
  const wholeOrigins = new Set([...remotes, ...connectOrigins]);
  const paths = connectUrls.flatMap((url) => {
    const source = pathSource(url);
    return source === null || wholeOrigins.has(httpOrigin(url) ?? '') ? [] : [source];
  });
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...remotes, ...inlineScriptHashes]),
    // 'unsafe-inline' for styles only: emotion (shared by the shell and every remote) writes its rules into
    // <style> elements at run time, and a nonce would have to be minted per request and threaded into each
    // remote's emotion cache. Inline styles cannot run code; scripts, the real risk, stay strict above.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // data: for the small SVGs Rsbuild inlines as data URIs.
    'img-src': ["'self'", 'data:', ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': unique(["'self'", ...remotes, ...connectOrigins, ...paths]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
