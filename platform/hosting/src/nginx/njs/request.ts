/**
 * What both njs modules (site.ts for pages, preview.ts for preview links) read: the deploy's files and the
 * visitor's verified preview claim. Files are read on every request, so a release, a rollback, a canary or a
 * preview changes what nginx sends without a reload.
 */
// biome-ignore lint/style/useNodejsImportProtocol: njs names its built-in modules "fs" and "crypto", without node:
import crypto from 'crypto';
import { previewPagesDir } from 'deploy-model/preview/folders';
import { checkPreviewToken, revocationsOf } from 'deploy-model/preview/verify';
import { type PreviewClaim, previewTokenIn } from 'federation/preview';
// biome-ignore lint/style/useNodejsImportProtocol: as above
import fs from 'fs';
import type { NjsModel } from './model.ts';

/** Set by bundle.ts (esbuild's define). */
declare const agencyModel: NjsModel;

export const model = () => agencyModel;

/** The little of njs's request object the modules use. */
export interface NjsRequest {
  /** The request's path, decoded and normalised (nginx's $uri). */
  uri?: string;
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

export function exists(path: string): boolean {
  try {
    fs.accessSync(inDeploy(path));
    return true;
  } catch {
    return false;
  }
}

export function readText(path: string): string | undefined {
  try {
    return fs.readFileSync(inDeploy(path), 'utf8') as string;
  } catch {
    return undefined;
  }
}

/** A missing or broken file reads as null, as the embedded host reads it (the policy then allows nothing extra). */
export function readJson(path: string): unknown {
  return parseJson(readText(path));
}

export function parseJson(text: string | undefined): unknown {
  if (text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const shellFile = (name: string) => `${agencyModel.shellFolder}/${name}`;
export const pagesFile = (name: string) => `${agencyModel.pagesFolder}/${name}`;

/** The configuration's map says whether the visitor came over TLS or a trusted proxy said so. */
export const secureOf = (r: NjsRequest) => r.variables.agency_https === '1';

export const readSecret = () => readText(agencyModel.previewSecret)?.trim() || undefined;

/** The revoked links, as the embedded host reads them (none when no link was ever revoked). */
export const readRevocations = () => revocationsOf(readJson(agencyModel.previewRevocations));

export const signerOf = (secret: string | undefined) =>
  secret
    ? (payload: string) =>
        crypto
          .createHmac('sha256', secret)
          .update(payload)
          .digest('base64url' as 'base64') as string
    : undefined;

export function verifiedClaim(r: NjsRequest, now = Date.now()): PreviewClaim | undefined {
  const token = previewTokenIn(r.headersIn.Cookie);
  if (!token) return undefined;
  const verified = checkPreviewToken(signerOf(readSecret()), token, now, readRevocations());
  return 'claim' in verified ? verified.claim : undefined;
}

/** A one-remote preview's pages folder (a session has none: its browser gets the bare page). */
export const previewFolderOf = (claim: PreviewClaim) =>
  claim.version && !claim.session ? pagesFile(previewPagesDir(claim.remote, claim.version)) : undefined;

/** A preview session's versions file (federation/preview-session.ts), if the claim holds a session and it is there. */
export function sessionFileOf(claim: PreviewClaim | undefined): string | undefined {
  if (!claim?.session || !claim.id) return undefined;
  const file = `${agencyModel.previewSessions}/${claim.id}.json`;
  return exists(file) ? file : undefined;
}
