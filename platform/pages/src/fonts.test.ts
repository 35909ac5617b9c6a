import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contactCopy from 'shared-content/contact';
import * as marketingCopy from 'shared-content/marketing';
import * as portfolioCopy from 'shared-content/portfolio';
import * as siteCopy from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { coreCharacters, cutFont, fontCuts, fontDir, symbolsBeyondInter, unicodeRangeOf } from './fonts.ts';

/** inter.css's faces: file name → unicode-range as written. */
function declaredFaces(): Map<string, string> {
  const css = readFileSync(join(fontDir, 'inter.css'), 'utf8');
  const faces = new Map<string, string>();
  for (const [, body = ''] of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const file = /url\("\.\/([^"]+)"\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (file && range) faces.set(file, range.replace(/\s+/g, ' ').trim());
  }
  return faces;
}

function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = Number.parseInt(first, 16); point <= Number.parseInt(last, 16); point++)
      points.add(point);
  }
  return points;
}

/** Every string inside a value: the copy modules export texts, lists and records of texts. */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, found);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) stringsIn(item, found);
  return found;
}

describe('unicodeRangeOf', () => {
  it('writes code points in order, with runs as ranges and no repeats', () => {
    expect(unicodeRangeOf('cab₹a ')).toBe('U+0020, U+0061-0063, U+20B9');
    expect(unicodeRangeOf('')).toBe('');
  });
});

describe('the Inter faces', () => {
  const faces = declaredFaces();

  it('declares each cut face with exactly the characters it was cut with', () => {
    for (const cut of fontCuts) expect(faces.get(cut.file), cut.file).toBe(unicodeRangeOf(cut.characters));
  });

  it('gives no other face a character of a cut face, so the small file is the one fetched', () => {
    for (const cut of fontCuts) {
      const own = codePoints(unicodeRangeOf(cut.characters));
      for (const [file, range] of faces) {
        if (file === cut.file) continue;
        const shared = [...codePoints(range)].filter((point) => own.has(point));
        expect(
          shared.map((point) => `U+${point.toString(16).toUpperCase()}`),
          `${file} and ${cut.file}`,
        ).toEqual([]);
      }
    }
  });

  it('cover every character of the site’s copy, so no page needs the large Latin files', () => {
    const drawn = new Set([...fontCuts.flatMap((cut) => [...cut.characters]), ...symbolsBeyondInter]);
    const copy = stringsIn([contactCopy, marketingCopy, portfolioCopy, siteCopy]).join('');
    const missing = [...new Set(copy)].filter((char) => !drawn.has(char) && char !== '\n');
    expect(
      missing,
      'add these to coreCharacters in platform/pages/src/fonts.ts, then run pnpm fonts',
    ).toEqual([]);
    expect(copy.length).toBeGreaterThan(10_000);
  });

  it('keeps the core face to ASCII and the punctuation of the copy', () => {
    expect(coreCharacters).toContain('A');
    expect(coreCharacters).toContain('’');
    expect(coreCharacters).not.toContain('é');
  });

  // Cutting the faces takes 2-3 s alone and passed vitest's default 5 s (7.6 s) in the how-to walk on a busy
  // two-core machine: a hang guard of a minute.
  it('commits the files the cut produces from their sources', { timeout: 60_000 }, async () => {
    for (const cut of fontCuts) {
      const committed = readFileSync(join(fontDir, cut.file));
      expect((await cutFont(cut)).equals(committed), `${cut.file} is stale: run pnpm fonts`).toBe(true);
    }
  });
});
