/**
 * Which file of the shell's generated pages a visitor gets: the variant of their bucket during a canary
 * (deploy-model/variants.ts), or the preview (or preview session) their cookie holds a valid link to (preview.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { type PageVariant, parsePageVariants, variantOf, variantsIndexName } from 'deploy-model/variants';
import { devPreviewFor, type PreviewSettings, previewPagesFor, sessionPreviewFor } from './preview.ts';

interface VariantsEntry {
  mtimeMs: number;
  variants: PageVariant[];
}

const variantsCache = new Map<string, VariantsEntry>();

/**
 * The page variants listed beside the pages, read again when buckets.json changes. None when it is missing
 * (a map without canary); none either when it is broken, with one warning per broken version of the file: the
 * default pages, always there, are a page for everyone, if not the versions a canary visitor's shell loads.
 */
function pageVariants(pagesDir: string): PageVariant[] {
  const file = join(pagesDir, variantsIndexName);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = variantsCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.variants;
  let variants: PageVariant[] = [];
  try {
    variants = parsePageVariants(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    // Gone since it was looked at: new pages are being swapped in, not a broken file.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    console.warn(`${file} is unusable (${(error as Error).message}); every visitor gets the default pages`);
  }
  variantsCache.set(file, { mtimeMs, variants });
  return variants;
}

const isGeneratedPage = (pagesDir: string | undefined, page: string): pagesDir is string =>
  pagesDir !== undefined && resolve(dirname(page)) === resolve(pagesDir);

/** The variant of a generated page for a bucket, when buckets.json names one that holds it; else the page. */
export function variantPage(pagesDir: string | undefined, page: string, bucket: number): string {
  // The bare index.html (no pages written yet) has no variants.
  if (!isGeneratedPage(pagesDir, page)) return page;
  const variant = variantOf(pageVariants(pagesDir), bucket);
  const file = variant ? join(pagesDir, ...variant.dir.split('/'), basename(page)) : null;
  return file && existsSync(file) ? file : page;
}

/** The same page of the preview the request's cookie holds a valid link to, if any. */
export function previewPage(
  request: IncomingMessage,
  site: { dir: string; pagesDir?: string; preview?: PreviewSettings },
  page: string,
): string | undefined {
  if (!isGeneratedPage(site.pagesDir, page)) return undefined;
  // A dev preview's page is the shell's own, rendered in the browser with the dev server's code.
  const bare = join(site.dir, 'index.html');
  const bareToo = devPreviewFor(request, site.preview) || sessionPreviewFor(request, site.preview);
  if (bareToo && existsSync(bare)) return bare;
  const dir = previewPagesFor(request, site.preview, site.pagesDir);
  const file = dir ? join(dir, basename(page)) : undefined;
  return file && existsSync(file) ? file : undefined;
}
