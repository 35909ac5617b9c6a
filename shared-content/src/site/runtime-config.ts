/**
 * Run-time configuration: served as runtime.json next to the shell (never cached) and handed to remotes
 * as props, so the API address or the EmailJS account can change per environment without a rebuild.
 */
export interface EmailJsSettings {
  /** Origin of the EmailJS-compatible provider; by default the project's own enquiry API. */
  origin: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
}

export interface RuntimeConfig {
  /** Base URL of the enquiry API (POST {apiUrl}/send-email, POST {apiUrl}/subscribe). */
  apiUrl: string;
  emailjs: EmailJsSettings;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

function readString(source: Record<string, unknown>, key: string, where: string): string {
  const value = source[key];
  if (typeof value !== 'string') {
    throw new RuntimeConfigError(
      `${where}.${key} must be a string, got ${JSON.stringify(value) ?? 'nothing'}`,
    );
  }
  return value;
}

function readUrl(source: Record<string, unknown>, key: string, where: string): string {
  const value = readString(source, key, where);
  try {
    new URL(value);
  } catch {
    throw new RuntimeConfigError(`${where}.${key} must be an absolute URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RuntimeConfigError(`${where} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** Validates runtime.json, naming the first bad field, so a typo in a deployment is found at once. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const root = asRecord(input, 'runtime.json');
  const emailjs = asRecord(root.emailjs, 'runtime.json emailjs');
  return {
    apiUrl: readUrl(root, 'apiUrl', 'runtime.json'),
    emailjs: {
      origin: readUrl(emailjs, 'origin', 'runtime.json emailjs'),
      serviceId: readString(emailjs, 'serviceId', 'runtime.json emailjs'),
      templateId: readString(emailjs, 'templateId', 'runtime.json emailjs'),
      publicKey: readString(emailjs, 'publicKey', 'runtime.json emailjs'),
    },
  };
}

/**
 * The embedded default for a local run: both forms talk to the project's own enquiry API.
 * The EmailJS ids are the API's local stand-ins (it accepts any non-empty ids, as the provider's format).
 */
export function localRuntimeConfig(apiOrigin: string): RuntimeConfig {
  return {
    apiUrl: apiOrigin,
    emailjs: {
      origin: apiOrigin,
      serviceId: 'local_service',
      templateId: 'local_template',
      publicKey: 'local_public_key',
    },
  };
}
