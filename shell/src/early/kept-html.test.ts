import { describe, expect, it } from 'vitest';
import { keepsPrerenderedHtml, waitsToBeReached } from './kept-html.ts';
import { slotAttribute, slotStaticAttribute, slotWhenReachedAttribute } from './protocol.ts';

const slotHolding = (inner: string, { needsCode = false, whenReached = false } = {}) => {
  const element = document.createElement('div');
  element.setAttribute(slotAttribute, 'mf_marketing/AboutSection');
  if (!needsCode) element.setAttribute(slotStaticAttribute, '');
  if (whenReached) element.setAttribute(slotWhenReachedAttribute, '');
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

describe('waitsToBeReached', () => {
  const form = '<section><h2>Contact</h2><form><input name="name"></form></section>';

  it('holds for a section whose code waits to be reached for and holds its content', () => {
    expect(waitsToBeReached(slotHolding(form, { needsCode: true, whenReached: true }))).toBe(true);
  });

  it('does not hold for a section loaded on screen (the default)', () => {
    expect(waitsToBeReached(slotHolding(form, { needsCode: true }))).toBe(false);
  });

  it('does not hold for one holding the fallback or the placeholder instead: its code is fetched at once', () => {
    for (const inner of ['<div data-slot-state="failed"></div>', '<div data-slot-state="loading"></div>'])
      expect(waitsToBeReached(slotHolding(inner, { needsCode: true, whenReached: true })), inner).toBe(false);
  });
});
