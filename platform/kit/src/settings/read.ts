/**
 * What every settings module shares: the environment's type, the reading of one variable, and the zod schema of
 * a process's settings (as the enquiry API's enquiry-api/src/runtime/config.ts reads its own), parsed once by
 * the process's entry from the environment it hands in. The settings read only the environment handed in: no
 * library function reads or defaults to the process's own (platform/dev-tools/src/process-environment.test.ts).
 */
import * as z from 'zod';

export type Env = NodeJS.ProcessEnv;

/** A variable with spaces around it taken off; unset or empty is undefined (the default then applies). */
export function trimmed(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/**
 * One variable's schema: its text (or undefined) to its value by `read`, which throws with the message that names
 * the variable and what it takes; zod collects the message as the variable's issue.
 */
export const variable = <T>(read: (raw: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((raw, context): T => {
      try {
        return read(raw);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

/** A variable as `trimmed` reads it: spaces taken off, empty as unset. */
export const trimmedText = variable((raw) => {
  const value = raw?.trim();
  return value === undefined || value === '' ? undefined : value;
});

/**
 * The settings a schema reads from `env` (or one variable's text); every bad value at once, one message a line, each naming its
 * variable (the first line is what a single bad value said before).
 */
export function parseSettings<S extends z.ZodType>(schema: S, env: Env | string | undefined): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new Error(result.error.issues.map((issue) => issue.message).join('\n'));
}
