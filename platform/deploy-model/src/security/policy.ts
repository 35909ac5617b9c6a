/**
 * The pure half of the security headers (security-headers.ts reads the files): what each answer carries and
 * the policies built from the parsed remotes.json, runtime.json and inline-scripts index. No node: import, so
 * nginx's njs module (nginx/njs/) is bundled from this same code and sends byte-equal policies.
 */
import { enquiryApiPaths } from 'shared-content/enquiry/client';
import { buildContentSecurityPolicy, httpOrigin } from './content-security-policy.ts';

export const generalSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Other sites learn the origin a visitor came from, never the path or query (e.g. ?plan=business).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The site uses none of these powerful features; nothing it embeds may ask for them either.
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
};

/** For browsers that predate frame-ancestors: every HTML answer of the site carries it. */
export const frameOptions = { 'X-Frame-Options': 'DENY' } as const;

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
 * (mf-contact's send-enquiry.ts), the footer's newsletter form (shell/src/layout/newsletter-request.ts), the
 * shell's health beacons and its Web Vitals report (shell/src/telemetry/). The policy allows these paths of the
 * API and no other.
 */
export const browserApiPaths = [
  enquiryApiPaths.sendEmail,
  enquiryApiPaths.subscribe,
  enquiryApiPaths.beacon,
  enquiryApiPaths.vitals,
];

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

const hashSource = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The hashes a parsed inline-scripts index lists; anything but a SHA-256 source expression is left out. */
export function inlineScriptHashesOf(index: unknown): string[] {
  const hashes = typeof index === 'object' && index !== null ? (index as { hashes?: unknown }).hashes : [];
  return Array.isArray(hashes) ? hashes.filter((hash): hash is string => hashSource.test(String(hash))) : [];
}

/** The shell pages' policy from the parsed files (null for a missing or broken one: it allows nothing extra). */
export function shellPolicy(
  remoteMap: unknown,
  runtimeConfig: unknown,
  inlineScriptHashes: string[],
): string {
  const { origins, urls } = connectSourcesOf(runtimeConfig);
  return buildContentSecurityPolicy({
    remoteOrigins: remoteOriginsOf(remoteMap),
    connectOrigins: origins,
    connectUrls: urls,
    inlineScriptHashes,
  });
}

/** A remote's standalone page: only its own origin's files, and the API's endpoints as the shell's pages. */
export function standalonePolicy(runtimeConfig: unknown): string {
  const { origins, urls } = connectSourcesOf(runtimeConfig);
  return buildContentSecurityPolicy({ remoteOrigins: [], connectOrigins: origins, connectUrls: urls });
}
