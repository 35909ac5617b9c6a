/**
 * Security headers of the production server. Every response gets the general ones; the shell's HTML also
 * gets the Content-Security-Policy, built from the environment's remotes.json and runtime.json. Both change
 * on release, rollback or reconfiguration without a restart, so the policy is rebuilt whenever either file's
 * modification time changes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { manifestUrlOf } from 'federation/remote-map';
import { buildContentSecurityPolicy, httpOrigin } from './content-security-policy.ts';

export const generalSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Other sites learn the origin a visitor came from, never the path or query (e.g. ?plan=business).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The site uses none of these powerful features; nothing it embeds may ask for them either.
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
};

function readJson(file: string): unknown {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // A broken file is reported by the shell's own loader; the policy then simply allows no extra origin.
    return null;
  }
}

/** Changes whenever the file is rewritten (atomic writes rename a new inode into place). */
function versionOf(file: string): string {
  if (!existsSync(file)) return 'none';
  const { mtimeMs, size, ino } = statSync(file);
  return `${mtimeMs}/${size}/${ino}`;
}

/** Origins of the remote map's manifest URLs (an entry is a URL, or { url, integrity } once sealed). */
export function remoteOriginsOf(remoteMap: unknown): string[] {
  if (typeof remoteMap !== 'object' || remoteMap === null) return [];
  return Object.values(remoteMap).flatMap((entry: unknown) => httpOrigin(manifestUrlOf(entry)) ?? []);
}

/** The API and EmailJS origins of runtime.json. */
export function connectOriginsOf(runtimeConfig: unknown): string[] {
  if (typeof runtimeConfig !== 'object' || runtimeConfig === null) return [];
  const { apiUrl, emailjs } = runtimeConfig as { apiUrl?: unknown; emailjs?: { origin?: unknown } };
  return [httpOrigin(apiUrl), httpOrigin(emailjs?.origin)].flatMap((origin) => origin ?? []);
}

/** Returns a function giving the headers of the shell's HTML, current with its folder's remote map. */
export function shellHtmlHeaders(shellDir: string): () => Record<string, string> {
  const remotesFile = join(shellDir, 'remotes.json');
  const runtimeFile = join(shellDir, 'runtime.json');
  let cached: { key: string; policy: string } | null = null;
  return () => {
    const key = `${versionOf(remotesFile)}:${versionOf(runtimeFile)}`;
    if (cached?.key !== key) {
      const policy = buildContentSecurityPolicy({
        remoteOrigins: remoteOriginsOf(readJson(remotesFile)),
        connectOrigins: connectOriginsOf(readJson(runtimeFile)),
      });
      cached = { key, policy };
    }
    return {
      'Content-Security-Policy': cached.policy,
      // For browsers that predate frame-ancestors.
      'X-Frame-Options': 'DENY',
    };
  };
}
