/// <reference path="./types/subset-font.d.ts" />
/**
 * The Inter faces the shell serves, cut from the Latin and latin-ext files of Inter's variable font (SIL Open
 * Font License, shell/src/assets/fonts/OFL.txt) with harfbuzz's subsetter. `pnpm fonts` writes them; the
 * unit test checks that the committed files and inter.css still agree with what is declared here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import subsetFont from 'subset-font';

export const fontDir = join(repoRoot, 'shell/src/assets/fonts');

/**
 * Every page opens with text from this face, so it is kept small: printable ASCII and the punctuation the
 * site's copy uses, and only the weights the theme uses (tokens.ts: 400 to 800). Any other character of the
 * Latin file is still drawn in Inter: the browser then fetches the full Latin file as well.
 */
export const coreCharacters = `${printableAscii()}\u00a0©×–—‘’“”•…`;
const coreWeights = { min: 400, max: 800 } as const;

/** Symbols the copy uses that none of Inter's subsets has: the visitor's system draws them. */
export const symbolsBeyondInter = '→★';

export interface FontCut {
  /** The file written, in fontDir. */
  file: string;
  /** The committed file it is cut from, in fontDir. */
  source: string;
  characters: string;
  /** The weights kept; without it, the source's whole weight axis. */
  weights?: { min: number; max: number };
}

export const fontCuts: readonly FontCut[] = [
  {
    file: 'inter-core-wght-normal.woff2',
    source: 'inter-latin-wght-normal.woff2',
    characters: coreCharacters,
    weights: coreWeights,
  },
  // The prices and the FAQ use ₹; its own face spares those pages the 85 kB latin-ext file.
  { file: 'inter-rupee-wght-normal.woff2', source: 'inter-latin-ext-wght-normal.woff2', characters: '₹' },
];

export async function cutFont(cut: FontCut): Promise<Buffer> {
  const source = readFileSync(join(fontDir, cut.source));
  const variationAxes = cut.weights ? { wght: cut.weights } : undefined;
  return subsetFont(source, cut.characters, { targetFormat: 'woff2', variationAxes });
}

/** The CSS unicode-range of a set of characters: code points in order, runs written as ranges. */
export function unicodeRangeOf(characters: string): string {
  const points = [...new Set([...characters].map((char) => char.codePointAt(0) ?? 0))].sort((a, b) => a - b);
  const runs: Array<[first: number, last: number]> = [];
  for (const point of points) {
    const run = runs.at(-1);
    if (run && run[1] === point - 1) run[1] = point;
    else runs.push([point, point]);
  }
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  return runs
    .map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`))
    .join(', ');
}

function printableAscii(): string {
  return Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => String.fromCharCode(0x20 + index)).join('');
}
