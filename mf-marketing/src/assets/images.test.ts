import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { aboutCopy, clientLogos, testimonials } from 'shared-content/marketing';
import { describe, expect, it } from 'vitest';
import { imageFileNames, imageUrl } from './images.ts';

const referenced = [
  aboutCopy.image.src,
  ...testimonials.map((testimonial) => testimonial.image.src),
  ...clientLogos.map((logo) => logo.image.src),
];

describe('marketing images', () => {
  it('has a bundled file for every image the content names, and no unused file', () => {
    for (const src of referenced) expect(imageUrl(src)).toBeTruthy();
    expect([...imageFileNames].sort()).toEqual([...referenced].sort());
  });

  it('names a missing file clearly', () => {
    expect(() => imageUrl('missing.svg')).toThrow('mf-marketing has no image file "missing.svg"');
  });

  it('draws every avatar and logo differently (no image reused)', () => {
    const digests = referenced.map((src) =>
      createHash('sha256')
        .update(readFileSync(resolve(import.meta.dirname, src)))
        .digest('hex'),
    );
    expect(new Set(digests).size).toBe(referenced.length);
  });

  it('gives every image alt text and explicit dimensions, and loads nothing from outside', () => {
    for (const image of [
      aboutCopy.image,
      ...testimonials.map((t) => t.image),
      ...clientLogos.map((l) => l.image),
    ]) {
      expect(image.alt.length).toBeGreaterThan(5);
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    for (const src of referenced) {
      const svg = readFileSync(resolve(import.meta.dirname, src), 'utf8');
      expect(svg).not.toMatch(/(href|src)="https?:/);
    }
  });
});
