import { replaceControlCharacters } from 'shared-content/enquiry';

/**
 * Structured logs: one JSON object per line on stdout, ready for any log collector. Callers pass ids, counts
 * and lengths, never a visitor's message text (see `describeText`).
 */
export type LogLevel = 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const severity: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };

export function createLogger(
  minimum: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stdout.write(line),
  now: () => Date = () => new Date(),
): Logger {
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (severity[level] < severity[minimum]) return;
    write(`${JSON.stringify({ time: now().toISOString(), level, msg, ...fields })}\n`);
  };
  return {
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** What may be logged about an error: its code and first line, not a stack that could quote input. */
export function describeError(error: unknown): { error: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    error: (message.split('\n')[0] ?? '').slice(0, 200),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** Masks an e-mail address for logs: enough to tell two apart, not enough to collect them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***@${email.slice(at + 1)}`;
}

/** A value from a request (path, origin) made safe and short for a log line. */
export function headerSafe(text: string, max = 200): string {
  const flat = replaceControlCharacters(text, '?');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
