/** What every settings module shares: the environment's type and the reading of one variable. */
export type Env = NodeJS.ProcessEnv;

/** A variable with spaces around it taken off; unset or empty is undefined (the default then applies). */
export function trimmed(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** The process's own environment, for a function that is handed one by a test and reads this one otherwise. */
export const processEnvironment = (): Env => process.env;
