/**
 * The Content-Security-Policy of the shell's HTML. Scripts run only from the site itself and from the origins
 * of the remotes in the environment's remote map; the page fetches only from those, the enquiry API and the
 * EmailJS origin of runtime.json. Nothing is inline: Rsbuild's HTML has only <script src>, the Module
 * Federation runtime adds remote entries as <script src>, and JSON-LD blocks are data, never executed.
 */
export interface PolicySources {
  /** Origins serving remote code (from remotes.json). */
  remoteOrigins: readonly string[];
  /** Further origins the page fetches from (the enquiry API and EmailJS origins from runtime.json). */
  connectOrigins: readonly string[];
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

export function buildContentSecurityPolicy({ remoteOrigins, connectOrigins }: PolicySources): string {
  const remotes = unique(remoteOrigins);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    // 'unsafe-inline' for styles only: emotion (shared by the shell and every remote) writes its rules into
    // <style> elements at run time, and a nonce would have to be minted per request and threaded into each
    // remote's emotion cache. Inline styles cannot run code; scripts, the real risk, stay strict above.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    // data: for the small SVGs Rsbuild inlines as data URIs.
    'img-src': ["'self'", 'data:', ...remotes],
    'font-src': ["'self'", ...remotes],
    'connect-src': unique(["'self'", ...remotes, ...connectOrigins]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
