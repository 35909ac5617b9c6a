/** The page's fetch, looked up at each call (as a test stubs it). */
const pageFetch: typeof fetch = (input, init) => fetch(input, init);

let currentFetch: typeof fetch = pageFetch;

/**
 * Sets the fetch the shell reads its run-time files and the remotes' manifests with. Only the prerender calls
 * it (server/transport.ts), with the transport it was given: in Node no page's origin serves /remotes.json,
 * the deploy folder does. The browser never calls it and keeps the page's fetch.
 */
export function setShellFetch(transport: typeof fetch): void {
  currentFetch = transport;
}

/** Fetches as the shell does: the page's fetch in the browser, the prerender's transport in Node. */
export const shellFetch: typeof fetch = (input, init) => currentFetch(input, init);

/**
 * Fetches one of the shell's run-time files. The page preloads both (`<link rel=preload as=fetch crossorigin>`),
 * and this fetch takes the preload's response only with the default cache mode: Firefox matches no preload to a
 * `cache: 'no-store'` or `'no-cache'` fetch and downloads the file a second time (Chromium matches either). They
 * stay fresh all the same: every host serves them `Cache-Control: no-store`, so no copy is ever kept to reuse,
 * and a release shows on the next load or Retry.
 */
export async function fetchConfigFile(path: string): Promise<unknown> {
  const response = await shellFetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${path} is not valid JSON`);
  }
}

/**
 * Runs `load` once and shares its promise; a failure is forgotten so the next caller (a Retry) loads again.
 */
export function onceUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
