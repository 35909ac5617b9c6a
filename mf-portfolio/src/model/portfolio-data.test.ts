import { portfolioCategories, projects } from 'shared-content/portfolio';
import { describe, expect, it } from 'vitest';
import { countByCategory, hasMoreThanInitial } from './filtering.ts';

/** The spec's constraints on the portfolio data (section 3), checked so an edit cannot break them unnoticed. */
describe('portfolio data', () => {
  it('has about 31 projects', () => {
    expect(projects.length).toBeGreaterThanOrEqual(28);
    expect(projects.length).toBeLessThanOrEqual(34);
  });

  it('exercises both sides of the View More threshold', () => {
    const counts = countByCategory(projects).map(({ count }) => count);
    expect(counts.some(hasMoreThanInitial)).toBe(true);
    expect(counts.some((count) => count > 0 && !hasMoreThanInitial(count))).toBe(true);
  });

  it('gives every category at least one project', () => {
    for (const category of portfolioCategories)
      expect(projects.some((project) => project.category === category)).toBe(true);
  });

  it('gives every project a unique title and slug, technologies and an image with alt text and a size', () => {
    expect(new Set(projects.map((project) => project.title)).size).toBe(projects.length);
    expect(new Set(projects.map((project) => project.slug)).size).toBe(projects.length);
    for (const { slug, tech, image } of projects) {
      expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(tech.length, slug).toBeGreaterThan(0);
      expect(image.file).toBe(`${slug}.svg`);
      expect(image.alt.length, slug).toBeGreaterThan(10);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
  });
});
