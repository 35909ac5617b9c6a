/**
 * Security headers of the production server. Every response gets the general ones; the shell's HTML also
 * gets the Content-Security-Policy, built from the environment's remotes.json and runtime.json and the hashes
 * of the pages' inline scripts, and a remote's standalone page a policy of its own origin. All change on release, rollback or reconfiguration without a restart, so the
 * policy is rebuilt whenever one of those files changes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScriptsIndexName } from 'deploy-model/layout';
import { frameOptions, shellPolicy, standalonePolicy } from 'deploy-model/security/policy';
import { readInlineScriptHashes } from './inline-scripts.ts';

export {
  browserApiPaths,
  connectOriginsOf,
  connectSourcesOf,
  generalSecurityHeaders,
  remoteOriginsOf,
} from 'deploy-model/security/policy';

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
      const policy = shellPolicy(
        readJson(remotesFile),
        readJson(runtimeFile),
        pagesDir ? readInlineScriptHashes(pagesDir) : [],
      );
      cached = { key, policy };
    }
    return { 'Content-Security-Policy': cached.policy, ...frameOptions };
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
      cached = { key, policy: standalonePolicy(readJson(runtimeFile)) };
    }
    return { 'Content-Security-Policy': cached.policy, ...frameOptions };
  };
}
