/**
 * Writes the portfolio's project screenshots (SVG) into src/assets/projects from the project data in
 * shared-content. `--check` only reports whether the committed files are up to date.
 *   pnpm --filter mf-portfolio images [--check]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projects } from 'shared-content/portfolio';
import { renderProjectImages } from './render-project-images.ts';

const imageFolder = join(import.meta.dirname, '..', 'src', 'assets', 'projects');

const check = process.argv.includes('--check');
const images = renderProjectImages(projects);
const existing = existsSync(imageFolder)
  ? readdirSync(imageFolder).filter((file) => file.endsWith('.svg'))
  : [];
const stale = existing.filter((file) => !images.has(file));
const changed = [...images].filter(([file, svg]) => {
  const path = join(imageFolder, file);
  return !existsSync(path) || readFileSync(path, 'utf8') !== svg;
});

if (check) {
  for (const file of stale) console.error(`stale image (no project uses it): ${file}`);
  for (const [file] of changed) console.error(`out of date: ${file}`);
  if (stale.length || changed.length) {
    console.error('Run `pnpm --filter mf-portfolio images` to regenerate.');
    process.exit(1);
  }
  console.log(`${images.size} project images are up to date.`);
} else {
  mkdirSync(imageFolder, { recursive: true });
  for (const file of stale) rmSync(join(imageFolder, file));
  for (const [file, svg] of changed) writeFileSync(join(imageFolder, file), svg);
  console.log(`${images.size} project images: ${changed.length} written, ${stale.length} removed.`);
}
