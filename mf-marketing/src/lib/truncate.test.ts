import { testimonials, testimonialsCopy } from 'shared-content/marketing';
import { describe, expect, it } from 'vitest';
import { truncateText } from './truncate.ts';

const limit = testimonialsCopy.cardTextLimit;

describe('truncateText', () => {
  it('uses the spec’s limit of 120 characters for testimonial cards', () => {
    expect(limit).toBe(120);
  });

  it('leaves a text of exactly 120 characters untouched', () => {
    const text = 'a'.repeat(120);
    expect(truncateText(text, limit)).toBe(text);
  });

  it('leaves shorter texts untouched', () => {
    expect(truncateText('Fast, friendly and on time.', limit)).toBe('Fast, friendly and on time.');
    expect(truncateText('', limit)).toBe('');
  });

  it('cuts a 121-character text to its first 120 characters plus an ellipsis', () => {
    const text = `${'b'.repeat(120)}c`;
    expect(truncateText(text, limit)).toBe(`${'b'.repeat(120)}…`);
  });

  it('cuts long texts at exactly 120 characters', () => {
    const text = 'The React dashboard shows every shipment on one screen. '.repeat(5);
    const cut = truncateText(text, limit);
    expect(cut).toBe(`${text.slice(0, 120)}…`);
    expect(Array.from(cut)).toHaveLength(121);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = `${'x'.repeat(119)}😀😀`;
    expect(truncateText(text, limit)).toBe(`${'x'.repeat(119)}😀…`);
  });

  it('cuts every non-featured testimonial of the site (all are longer than the limit)', () => {
    const cards = testimonials.filter((testimonial) => !testimonial.featured);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.text.length).toBeGreaterThan(limit);
      expect(truncateText(card.text, limit)).toBe(`${card.text.slice(0, limit)}…`);
    }
  });
});
