/**
 * Security headers of the production server. Every response gets the general ones; the shell's HTML also
 * gets the Content-Security-Policy, built from the environment's remotes.json and runtime.json and the hashes
 * of the pages' inline scripts, and a remote's standalone page a policy of its own origin. All change on release, rollback or reconfiguration without a restart, so the
 * policy is rebuilt whenever one of those files changes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { enquiryApiPaths } from 'shared-content/enquiry/client';
import { inlineScriptsIndexName, readInlineScriptHashes } from '../pages/inline-scripts.ts';
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

/**
 * Origins of the remote map's manifest URLs: every version's, canaries included (or, in the older form, each
 * entry's URL). Read leniently, entry by entry: what is not an http(s) URL allows nothing.
 */
export function remoteOriginsOf(remoteMap: unknown): string[] {
  if (typeof remoteMap !== 'object' || remoteMap === null) return [];
  const { microFrontends } = remoteMap as { microFrontends?: unknown };
  const entries = typeof microFrontends === 'object' && microFrontends !== null ? microFrontends : remoteMap;
  return Object.values(entries)
    .flatMap((entry: unknown) => (Array.isArray(entry) ? entry : [entry]))
    .flatMap((entry: unknown) => httpOrigin(urlOf(entry)) ?? []);
}

const urlOf = (entry: unknown): unknown =>
  typeof entry === 'object' && entry !== null ? (entry as { url?: unknown }).url : entry;

/** The API and EmailJS origins of runtime.json (the policy allows the API's endpoints only: connectSourcesOf). */
export function connectOriginsOf(runtimeConfig: unknown): string[] {
  if (typeof runtimeConfig !== 'object' || runtimeConfig === null) return [];
  const { apiUrl, emailjs } = runtimeConfig as { apiUrl?: unknown; emailjs?: { origin?: unknown } };
  return [httpOrigin(apiUrl), httpOrigin(emailjs?.origin)].flatMap((origin) => origin ?? []);
}

/**
 * The enquiry API's endpoints the pages call, relative to runtime.json's apiUrl: the enquiry form
 * (mf-contact's send-enquiry.ts), the footer's newsletter form (shell/src/layout/newsletter-request.ts) and the
 * shell's health beacons (shell/src/telemetry/). The policy allows these paths of the API and no other.
 */
export const browserApiPaths = [enquiryApiPaths.sendEmail, enquiryApiPaths.subscribe, enquiryApiPaths.beacon];

/**
 * What the page may fetch according to runtime.json: the enquiry API's endpoints as exact URLs (apiUrl + each
 * path, as the pages build them), and where the Get In Touch form sends (@emailjs/browser's sendForm posts to
 * its origin + enquiryApiPaths.sendForm). When that provider is the enquiry API itself (the local default),
 * its route is listed like the API's others, so the API's origin is never allowed whole. A provider on
 * another origin (the hosted EmailJS) is a third party whose client picks its own paths: its origin is
 * allowed whole.
 */
export function connectSourcesOf(runtimeConfig: unknown): { origins: string[]; urls: string[] } {
  if (typeof runtimeConfig !== 'object' || runtimeConfig === null) return { origins: [], urls: [] };
  const { apiUrl, emailjs } = runtimeConfig as { apiUrl?: unknown; emailjs?: { origin?: unknown } };
  const provider = emailjs?.origin;
  const apiOrigin = httpOrigin(apiUrl);
  const providerOrigin = httpOrigin(provider);
  // The pages join apiUrl and a path as strings; runtime.json's reader drops trailing slashes first.
  const trimmed = (url: unknown) => String(url).replace(/\/+$/, '');
  const urls = apiOrigin === null ? [] : browserApiPaths.map((path) => `${trimmed(apiUrl)}${path}`);
  if (providerOrigin === null) return { origins: [], urls };
  if (providerOrigin !== apiOrigin) return { origins: [providerOrigin], urls };
  return { origins: [], urls: [...urls, `${trimmed(provider)}${enquiryApiPaths.sendForm}`] };
}

/**
 * Returns a function giving the headers of the shell's HTML, current with its folder's remote map and, when
 * the pages are generated (pagesDir), with the inline scripts they carry.
 */
export function shellHtmlHeaders(shellDir: string, pagesDir?: string): () => Record<string, string> {
  const remotesFile = join(shellDir, 'remotes.json');
  const runtimeFile = join(shellDir, 'runtime.json');
  const inlineScriptsFile = pagesDir ? join(pagesDir, inlineScriptsIndexName) : null;
  let cached: { key: string; policy: string } | null = null;
  return () => {
    const inlineScriptsVersion = inlineScriptsFile ? versionOf(inlineScriptsFile) : 'none';
    const key = `${versionOf(remotesFile)}:${versionOf(runtimeFile)}:${inlineScriptsVersion}`;
    if (cached?.key !== key) {
      const { origins, urls } = connectSourcesOf(readJson(runtimeFile));
      const policy = buildContentSecurityPolicy({
        remoteOrigins: remoteOriginsOf(readJson(remotesFile)),
        connectOrigins: origins,
        connectUrls: urls,
        inlineScriptHashes: pagesDir ? readInlineScriptHashes(pagesDir) : [],
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

/**
 * The headers of a remote's standalone page (`<version>/index.html` on the remote's origin: its exposes on
 * their own, RemoteShowcase). It runs only its own origin's files, which 'self' is; its forms post to the
 * enquiry API, so it may fetch the API's endpoints as the shell's pages may (runtime.json beside the shell,
 * read again when it changes). No inline script, no framing, like the site's pages.
 */
export function standalonePageHeaders(shellDir: string): () => Record<string, string> {
  const runtimeFile = join(shellDir, 'runtime.json');
  let cached: { key: string; policy: string } | null = null;
  return () => {
    const key = versionOf(runtimeFile);
    if (cached?.key !== key) {
      const { origins, urls } = connectSourcesOf(readJson(runtimeFile));
      const policy = buildContentSecurityPolicy({
        remoteOrigins: [],
        connectOrigins: origins,
        connectUrls: urls,
      });
      cached = { key, policy };
    }
    return { 'Content-Security-Policy': cached.policy, 'X-Frame-Options': 'DENY' };
  };
}
