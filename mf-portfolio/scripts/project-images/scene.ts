import type { Glyph } from './glyphs.ts';
import type { Box, Motif } from './motifs.ts';
import type { Palette } from './palettes.ts';
import { el, group, rect } from './svg.ts';

/** Everything a layout needs to draw one project's mock-up. */
export interface Scene {
  title: string;
  slug: string;
  palette: Palette;
  motif: Motif;
  glyph: Glyph;
  /** 0–3: small layout variations within a category (mirrored hero, column count…). */
  variant: number;
  /** Seeded by the slug, so the same project always draws the same picture. */
  random: () => number;
}

export const canvas = { width: 640, height: 420 } as const;
export const chromeHeight = 30;
export const navHeight = 40;
/** Where a layout's content starts: below the browser bar and the site's navigation. */
export const contentTop = chromeHeight + navHeight;
export const gutter = 24;

/** Draws `content` clipped to a box, e.g. a motif inside a banner. */
export function clippedTo(id: string, box: Box, radius: number, content: string): string {
  return [
    el('clipPath', { id }, rect(box.x, box.y, box.width, box.height, '#000', { rx: radius })),
    group({ 'clip-path': `url(#${id})` }, content),
  ].join('');
}

/** Picks one of `items` with the scene's seeded random. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A 32-bit string hash (FNV-1a). */
export function hashString(value: string): number {
  let hash = 2166136261;
  for (const char of value) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** mulberry32: a tiny deterministic PRNG. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
