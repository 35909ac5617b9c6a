/**
 * The part of the site's hosting that nginx's configuration cannot express, as one njs module: the visitor's
 * bucket and its cookie, the page variant, the shell pages' Content-Security-Policy, preview links. Every
 * function calls the project's own code (bundled by bundle.ts, lowered to what njs 0.7 runs); only the
 * reading of files and of nginx's request is written here. Files are read on every request, so a release,
 * a rollback, a canary or a preview changes what nginx sends without a reload.
 */
// biome-ignore lint/style/useNodejsImportProtocol: njs names its built-in modules "fs" and "crypto", without node:
import crypto from 'crypto';
import { bucketCookieValue, bucketIdentifierIn, bucketOf } from 'federation/bucket';
import { type PreviewClaim, previewTokenIn } from 'federation/preview';
// biome-ignore lint/style/useNodejsImportProtocol: as above
import fs from 'fs';
import { parsePageVariants, variantOf, variantsIndexName } from '../../pages/variants.ts';
import {
  devPreviewMap,
  exitAnswer,
  openAnswer,
  type PreviewAnswer,
  withDevOrigin,
} from '../../preview/answers.ts';
import { previewPagesDir } from '../../preview/folders.ts';
import { checkPreviewToken } from '../../preview/verify.ts';
import { inlineScriptHashesOf, shellPolicy, standalonePolicy } from '../../security/policy.ts';
import type { NjsModel } from './model.ts';

/** Set by bundle.ts (esbuild's define). */
declare const agencyModel: NjsModel;

/** The little of njs's request object this module uses. */
export interface NjsRequest {
  variables: Record<string, string | undefined>;
  headersIn: Record<string, string | undefined>;
  headersOut: Record<string, string | undefined>;
  args: Record<string, string | undefined>;
  status: number;
  return(status: number, body?: string): void;
  sendHeader(): void;
  finish(): void;
}

const inDeploy = (path: string) => `${agencyModel.deploy}/${path}`;

function exists(path: string): boolean {
  try {
    fs.accessSync(inDeploy(path));
    return true;
  } catch {
    return false;
  }
}

function readText(path: string): string | undefined {
  try {
    return fs.readFileSync(inDeploy(path), 'utf8') as string;
  } catch {
    return undefined;
  }
}

/** A missing or broken file reads as null, as the embedded host reads it (the policy then allows nothing extra). */
function readJson(path: string): unknown {
  const text = readText(path);
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const shellFile = (name: string) => `${agencyModel.shellFolder}/${name}`;
const pagesFile = (name: string) => `${agencyModel.pagesFolder}/${name}`;

/** The visitor's identifier: the cookie's when valid, else nginx's $request_id (32 random hex digits, the same format). */
const identifierOf = (r: NjsRequest) =>
  bucketIdentifierIn(r.headersIn.Cookie) ?? (r.variables.request_id as string);

/** The configuration's map says whether the visitor came over TLS or a trusted proxy said so. */
const secureOf = (r: NjsRequest) => r.variables.agency_https === '1';

function verifiedClaim(r: NjsRequest, now = Date.now()): PreviewClaim | undefined {
  const token = previewTokenIn(r.headersIn.Cookie);
  if (!token) return undefined;
  const verified = checkPreviewToken(signerOf(readSecret()), token, now);
  return 'claim' in verified ? verified.claim : undefined;
}

const readSecret = () => readText(agencyModel.previewSecret)?.trim() || undefined;

const signerOf = (secret: string | undefined) =>
  secret
    ? (payload: string) =>
        crypto
          .createHmac('sha256', secret)
          .update(payload)
          .digest('base64url' as 'base64') as string
    : undefined;

const previewFolderOf = (claim: PreviewClaim) =>
  claim.version ? pagesFile(previewPagesDir(claim.remote, claim.version)) : undefined;

function pageVariants() {
  const text = readText(pagesFile(variantsIndexName));
  if (text === undefined) return [];
  try {
    return parsePageVariants(JSON.parse(text));
  } catch {
    // The default pages, always there, are a page for everyone (the embedded host warns once; nginx cannot).
    return [];
  }
}

/**
 * The file (relative to the deploy) a visitor gets for a generated page: a preview's, their bucket's variant,
 * or the default; the shell's bare index.html when the page was not generated.
 */
function pageFor(r: NjsRequest, name: string): string {
  const page = pagesFile(name);
  if (!exists(page)) return shellFile('index.html');
  const claim = verifiedClaim(r);
  if (claim?.dev && exists(shellFile('index.html'))) return shellFile('index.html');
  const preview = claim ? previewFolderOf(claim) : undefined;
  if (preview && exists(`${preview}/index.html`) && exists(`${preview}/${name}`)) return `${preview}/${name}`;
  const variant = variantOf(pageVariants(), bucketOf(identifierOf(r)));
  const variantPage = variant ? pagesFile(`${variant.dir}/${name}`) : undefined;
  return variantPage && exists(variantPage) ? variantPage : page;
}

/** js_set: the route's page (the configuration's map names its file). */
function routePage(r: NjsRequest): string {
  return pageFor(r, r.variables.agency_route_page as string);
}

/** js_set: the 404 page, for the visitor's bucket as any page. */
function notFoundPage(r: NjsRequest): string {
  return pageFor(r, agencyModel.notFoundPage);
}

/** js_set: the bucket cookie every page renews. */
function bucketCookie(r: NjsRequest): string {
  return bucketCookieValue(identifierOf(r), secureOf(r));
}

/** js_set: the shell's HTML policy, widened for a dev preview's browser alone. */
function shellCsp(r: NjsRequest): string {
  const policy = shellPolicy(
    readJson(shellFile('remotes.json')),
    readJson(shellFile('runtime.json')),
    inlineScriptHashesOf(readJson(pagesFile(agencyModel.inlineScriptsIndexName))),
  );
  const claim = verifiedClaim(r);
  return claim?.dev ? withDevOrigin(policy, claim.dev) : policy;
}

/** js_set: a remote's standalone page's policy. */
function standaloneCsp(): string {
  return standalonePolicy(readJson(shellFile('runtime.json')));
}

/** js_set: where /remotes.json comes from for this browser: "dev", a preview's map (relative path) or "" (the live one). */
function remotesSource(r: NjsRequest): string {
  const claim = verifiedClaim(r);
  if (!claim) return '';
  if (claim.dev) return exists(shellFile('remotes.json')) ? 'dev' : '';
  const preview = previewFolderOf(claim);
  return preview && exists(`${preview}/index.html`) && exists(`${preview}/remotes.json`)
    ? `${preview}/remotes.json`
    : '';
}

function send(r: NjsRequest, { status, headers, body }: PreviewAnswer) {
  for (const name of Object.keys(headers)) r.headersOut[name] = headers[name];
  if (body) {
    r.return(status, body);
    return;
  }
  r.status = status;
  r.headersOut['Content-Length'] = '0';
  r.sendHeader();
  r.finish();
}

/** js_content: /__preview?token=… */
function previewOpen(r: NjsRequest) {
  const token = r.args.token;
  const now = Date.now();
  const verified = checkPreviewToken(signerOf(readSecret()), token, now);
  const folder = 'claim' in verified ? previewFolderOf(verified.claim) : undefined;
  const pagesOpen = folder !== undefined && exists(`${folder}/index.html`);
  send(r, openAnswer(verified, { token: token as string, secure: secureOf(r), now, pagesOpen }));
}

/** js_content: /__preview/exit */
function previewExit(r: NjsRequest) {
  send(r, exitAnswer(secureOf(r)));
}

/** js_content: a dev preview's remotes.json (the live map with the remote on the dev server). */
function devRemoteMap(r: NjsRequest) {
  const claim = verifiedClaim(r);
  const live = readJson(shellFile('remotes.json'));
  if (!claim?.dev || live === null) {
    r.return(404, 'Not found\n');
    return;
  }
  r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
  r.return(200, devPreviewMap(live, { remote: claim.remote, origin: claim.dev }));
}

export default {
  routePage,
  notFoundPage,
  bucketCookie,
  shellCsp,
  standaloneCsp,
  remotesSource,
  previewOpen,
  previewExit,
  devRemoteMap,
};
