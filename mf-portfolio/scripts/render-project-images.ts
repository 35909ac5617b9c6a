import type { PortfolioCategory, PortfolioProject } from 'shared-content';
import { browserChrome, siteNav } from './project-images/frame.ts';
import { glyphFor } from './project-images/glyphs.ts';
import { businessLayout } from './project-images/layouts/business.ts';
import { classifiedLayout } from './project-images/layouts/classified.ts';
import { consultingLayout } from './project-images/layouts/consulting.ts';
import { ecommerceLayout } from './project-images/layouts/ecommerce.ts';
import { matrimonialLayout } from './project-images/layouts/matrimonial.ts';
import { realEstateLayout } from './project-images/layouts/real-estate.ts';
import { wordpressLayout } from './project-images/layouts/wordpress.ts';
import { motifs } from './project-images/motifs.ts';
import { palettes } from './project-images/palettes.ts';
import { canvas, hashString, type Scene, seededRandom } from './project-images/scene.ts';
import { el, escapeXml, rect } from './project-images/svg.ts';

/** Each category has its own kind of page: a store looks like a store, a matrimony portal shows profiles. */
const layouts: Record<PortfolioCategory, (scene: Scene) => string> = {
  ECommerce: ecommerceLayout,
  WordPress: wordpressLayout,
  'Real Estate': realEstateLayout,
  Classified: classifiedLayout,
  Consulting: consultingLayout,
  Business: businessLayout,
  Matrimonial: matrimonialLayout,
};

/** Draws one project's "screenshot": a browser window showing a home page in the project's own colours. */
export function renderProjectImage(
  project: PortfolioProject,
  index: number,
  indexInCategory: number,
): string {
  // Strides co-prime with the list lengths: neighbours never share a palette or a motif.
  const palette = palettes[(index * 5) % palettes.length] ?? palettes[0];
  const motif = motifs[(index * 2) % motifs.length] ?? motifs[0];
  if (!palette || !motif) throw new Error('No palettes or motifs defined');
  const scene: Scene = {
    title: project.title,
    slug: project.slug,
    palette,
    motif,
    glyph: glyphFor(project.slug),
    variant: indexInCategory % 4,
    random: seededRandom(hashString(project.slug)),
  };
  const { width, height } = project.image;
  if (width !== canvas.width || height !== canvas.height)
    throw new Error(
      `${project.slug}: images are drawn at ${canvas.width}×${canvas.height}, data says ${width}×${height}`,
    );
  return `${el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}` },
    el('title', {}, escapeXml(project.image.alt)),
    rect(0, 0, width, height, palette.surface),
    layouts[project.category](scene),
    siteNav(scene),
    browserChrome(scene),
  )}\n`;
}

/** Every project's image, keyed by its file name. */
export function renderProjectImages(projects: readonly PortfolioProject[]): Map<string, string> {
  const seenInCategory = new Map<PortfolioCategory, number>();
  return new Map(
    projects.map((project, index) => {
      const indexInCategory = seenInCategory.get(project.category) ?? 0;
      seenInCategory.set(project.category, indexInCategory + 1);
      return [project.image.file, renderProjectImage(project, index, indexInCategory)];
    }),
  );
}
