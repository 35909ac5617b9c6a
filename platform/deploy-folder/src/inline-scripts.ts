/**
 * The Content-Security-Policy runs no inline script but the ones the page generator writes (the page loader),
 * each allowed by the SHA-256 of its code. The generator lists those hashes beside the pages, so the list is
 * swapped in with the pages by the same rename: a page is never served under a policy written for other pages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptsIndexName } from 'deploy-model/layout';
import { inlineScriptHashesOf } from 'deploy-model/security/policy';

/** A CSP source expression allowing exactly this script: `'sha256-…'` of its UTF-8 bytes. */
export function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** Writes the hashes of the inline scripts a set of pages carries into its folder. */
export function writeInlineScriptsIndex(pagesDir: string, codes: readonly string[]) {
  const hashes = [...new Set(codes.map(scriptHashSource))];
  writeFileSync(join(pagesDir, inlineScriptsIndexName), `${JSON.stringify({ hashes }, null, 2)}\n`);
}

/**
 * The hashes the pages' folder lists, read leniently: a missing or broken index allows no inline script (the
 * pages then hydrate only if they carry none), and anything but a SHA-256 source expression is left out.
 */
export function readInlineScriptHashes(pagesDir: string): string[] {
  const file = join(pagesDir, inlineScriptsIndexName);
  if (!existsSync(file)) return [];
  try {
    return inlineScriptHashesOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}
