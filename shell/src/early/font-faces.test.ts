import { afterEach, describe, expect, it } from 'vitest';
import { enableFontFaces } from './font-faces.ts';
import { fontFacesAttribute, fontFacesWaitingMedia } from './protocol.ts';

function addFaces(media?: string) {
  const style = document.createElement('style');
  style.setAttribute(fontFacesAttribute, '');
  if (media !== undefined) style.media = media;
  style.textContent = '@font-face{font-family:"Inter Variable";src:url(/f.woff2)}';
  document.head.append(style);
  return style;
}

afterEach(() => {
  document.head.replaceChildren();
});

describe('enableFontFaces', () => {
  it('switches on the @font-face rules a prerendered page holds back until its first paint', () => {
    const style = addFaces(fontFacesWaitingMedia);
    expect(enableFontFaces(document)).toBe(true);
    expect(style.media).toBe('all');
  });

  it('leaves rules that already apply as they are, and can run twice', () => {
    const style = addFaces();
    expect(enableFontFaces(document)).toBe(true);
    expect(enableFontFaces(document)).toBe(true);
    expect(style.media).toBe('');
  });

  it('says so when the page has no @font-face rules of its own (the bundle loads them then)', () => {
    expect(enableFontFaces(document)).toBe(false);
  });
});
