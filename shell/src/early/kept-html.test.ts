import { describe, expect, it } from 'vitest';
import { keepsPrerenderedHtml } from './kept-html.ts';
import { slotAttribute, slotStaticAttribute } from './protocol.ts';

const slotHolding = (inner: string, { needsCode = false } = {}) => {
  const element = document.createElement('div');
  element.setAttribute(slotAttribute, 'mf_marketing/AboutSection');
  if (!needsCode) element.setAttribute(slotStaticAttribute, '');
  element.innerHTML = inner;
  return element;
};

describe('keepsPrerenderedHtml', () => {
  it('keeps a section that needs no code and holds its content', () => {
    expect(
      keepsPrerenderedHtml(slotHolding('<section><h2>About us</h2><a href="/about">More</a></section>')),
    ).toBe(true);
  });

  it('does not keep a section that needs code, whatever it holds', () => {
    expect(
      keepsPrerenderedHtml(slotHolding('<section><h2>Contact</h2></section>', { needsCode: true })),
    ).toBe(false);
  });

  it('does not keep a static section holding the fallback (its remote failed to load) or the placeholder (its render threw)', () => {
    expect(
      keepsPrerenderedHtml(slotHolding('<div data-slot-state="failed"><button>Retry</button></div>')),
    ).toBe(false);
    expect(keepsPrerenderedHtml(slotHolding('<div data-slot-state="loading" aria-busy="true"></div>'))).toBe(
      false,
    );
  });
});
