/** Fetches one of the shell's run-time files. They are never cached, so a release shows on the next load. */
export async function fetchConfigFile(path: string): Promise<unknown> {
  const response = await fetch(path, { cache: 'no-store', headers: { Accept: 'application/json' } });
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
