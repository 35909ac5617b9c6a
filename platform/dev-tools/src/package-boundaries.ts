/**
 * Packages talk to each other through their package.json exports, never by a relative path into another
 * package's folder: a relative import holds only while the folders sit side by side, and it reaches past what
 * the other package offers. This finds every import that crosses into another workspace folder that way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The workspace folders, each a package and so a boundary. */
export const workspaceFolders = [
  'shell',
  'mf-marketing',
  'mf-portfolio',
  'mf-contact',
  'shared-content',
  'build-config',
  'federation',
  'site-router',
  'enquiry-api',
  'e2e',
  'scripts',
] as const;

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'dist-server',
  'dist-one-bundle',
  'dist-one-bundle-server',
]);
/** import … from '…', export … from '…', import('…'), and side-effect imports. */
const importSpecifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourceFile.test(entry.name)) yield path;
  }
}

/** "file → target", both relative to the repository, for every relative import that leaves its folder. */
export function crossingImports(repoRoot: string): string[] {
  const crossings: string[] = [];
  for (const folder of workspaceFolders) {
    for (const file of sourceFiles(join(repoRoot, folder))) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(importSpecifier)) {
        const target = relative(repoRoot, resolve(dirname(file), specifier));
        const targetFolder = target.split(sep)[0];
        if (targetFolder !== folder && !target.startsWith('..')) {
          crossings.push(`${relative(repoRoot, file)} → ${target}`);
        }
      }
    }
  }
  return crossings.sort();
}
