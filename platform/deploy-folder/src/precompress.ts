/**
 * Precompression at publish time: whoever writes a served file that never changes in place (a build's files, a
 * remote version, the generated pages) writes its brotli and gzip forms beside it, `<file>.br` and `<file>.gz`,
 * the names nginx's brotli_static and gzip_static and the embedded host (serveStatic) look for. Compressing once at
 * the best settings costs seconds at publish and nothing per request. Files rewritten in place while the site
 * runs (remotes.json, runtime.json, buckets.json, the crawler files) never get one: it would go stale.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { compressibleExtensions } from 'deploy-model/hosting-rules';

/** The sibling suffix of each encoding, as HTTP names the encoding. */
export const precompressedSuffixes = { br: '.br', gzip: '.gz' } as const;

const brotliBest = (size: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/**
 * Whether a file of this name is worth compressing (rules.ts: text, and the icon). Read when called: rules.ts
 * and pages.ts import each other's modules, so nothing of rules.ts is read while this module loads.
 */
export const isCompressible = (file: string) => compressibleExtensions.includes(extname(file));

/** The file a precompressed sibling was made from ("a.js.br" → "a.js"), or undefined for any other name. */
export function precompressedSource(file: string): string | undefined {
  for (const suffix of Object.values(precompressedSuffixes)) {
    if (file.endsWith(suffix)) {
      const source = file.slice(0, -suffix.length);
      return isCompressible(source) ? source : undefined;
    }
  }
  return undefined;
}

/** Removes a file's precompressed siblings, so that none outlives the bytes it was made from. */
export function removePrecompressed(file: string) {
  for (const suffix of Object.values(precompressedSuffixes)) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside a compressible file, each only when smaller
 * than the file (a sibling that is not is removed: the file itself is then the smallest answer). Each sibling
 * is written to a temporary name and renamed, so a reader never sees half of one.
 */
export function precompressFile(file: string) {
  if (!isCompressible(file)) return;
  const raw = readFileSync(file);
  const forms = {
    br: brotliCompressSync(raw, brotliBest(raw.length)),
    gzip: gzipSync(raw, { level: 9 }),
  };
  for (const [encoding, body] of Object.entries(forms)) {
    const sibling = `${file}${precompressedSuffixes[encoding as keyof typeof forms]}`;
    if (body.length >= raw.length) {
      rmSync(sibling, { force: true });
      continue;
    }
    const temporary = `${sibling}.${process.pid}.tmp`;
    writeFileSync(temporary, body);
    renameSync(temporary, sibling);
  }
}

/**
 * Precompresses every regular file below a folder (a link is not a regular file here), except those `skip` names by
 * their path relative to the folder, with "/" separators.
 */
export function precompressFolder(dir: string, skip: (path: string) => boolean = () => false) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile()) continue;
    if (skip(relative(dir, file).split(sep).join('/'))) continue;
    precompressFile(file);
  }
}
