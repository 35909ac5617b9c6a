import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projects } from 'shared-content/portfolio';
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../scripts/project-images/svg.ts';
import { renderProjectImages } from '../../scripts/render-project-images.ts';

const folder = join(import.meta.dirname, '..', 'assets', 'projects');
const committed = readdirSync(folder).filter((file) => file.endsWith('.svg'));
const rendered = renderProjectImages(projects);

describe('project screenshots', () => {
  it('exist for every project and no others', () => {
    expect(committed.sort()).toEqual(projects.map((project) => project.image.file).sort());
  });

  it('are what the generator draws from the data (run `pnpm --filter mf-portfolio images` after an edit)', () => {
    for (const [file, svg] of rendered) expect(readFileSync(join(folder, file), 'utf8'), file).toBe(svg);
  });

  it('differ from one another', () => {
    expect(new Set(rendered.values()).size).toBe(projects.length);
  });

  it('declare the size the page reserves for them and carry the alt text as their title', () => {
    for (const { image } of projects) {
      const svg = rendered.get(image.file) ?? '';
      expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${image.width}" height="${image.height}"`));
      expect(svg).toContain(`<title>${escapeXml(image.alt)}</title>`);
    }
  });

  it('load nothing from outside the file', () => {
    for (const svg of rendered.values()) {
      expect(svg).not.toMatch(/href=|url\((?!#)|@import/);
    }
  });
});
