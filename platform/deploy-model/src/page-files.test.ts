import { allRoutePaths } from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { pageFileName, pageFileNames, pagePathOf } from './layout.ts';

/** How a case-insensitive disk (macOS, Windows) or a case-folding upload tool compares names. */
const folded = (name: string) => name.normalize('NFC').toLowerCase();

describe('page file names', () => {
  it('gives every route path, alias and the 404 page a name no other differs from only in case', () => {
    const names = [...allRoutePaths(), null].map(pageFileName);
    expect(new Set(names.map(folded)).size).toBe(names.length);
    expect(pageFileName('/portfolio')).toBe('portfolio.html');
    expect(pageFileName('/Portfolio')).toBe('~portfolio.html');
  });

  it('leaves every lowercase route path’s name as it was', () => {
    for (const path of allRoutePaths().filter((path) => path === path.toLowerCase())) {
      expect(pageFileName(path)).toBe(path === '/' ? 'index.html' : `${path.slice(1)}.html`);
    }
  });

  it('round-trips: each name gives back its path', () => {
    const samples = ['/A', '/ABC', '/MiXeD-case_9', '/~', '/~a', '/a~~B', '/Z~'];
    for (const path of [...allRoutePaths(), ...samples, null]) {
      const name = pageFileName(path);
      expect(name).toMatch(/^[a-z0-9._~-]+$/);
      expect(pagePathOf(name)).toBe(path);
    }
    // Names it never writes are no page's file.
    expect(pagePathOf('~.html')).toBeUndefined();
    expect(pagePathOf('~A.html')).toBeUndefined();
    expect(pagePathOf('~1.html')).toBeUndefined();
    expect(pagePathOf('.html')).toBeUndefined();
    expect(pagePathOf('robots.txt')).toBeUndefined();
  });

  it('refuses paths whose file names would be equal ignoring case, naming both', () => {
    expect(() => pageFileNames(['/', '/about', '/index'])).toThrow(/"\/" \(index\.html\) and "\/index"/);
    expect(() => pageFileNames([null, '/404'])).toThrow(/the 404 page \(404\.html\) and "\/404"/);
    // Only ASCII letters are encoded: other cased letters are left to the check.
    expect(() => pageFileNames(['/Été', '/été'])).toThrow(/"\/Été" .* and "\/été"/);
    // Composed and decomposed forms are one name on macOS.
    expect(() => pageFileNames(['/caf\u00e9', '/cafe\u0301'])).toThrow(/Route pages collide/);
    expect(pageFileNames(['/', '/Portfolio', '/portfolio', null])).toEqual([
      'index.html',
      '~portfolio.html',
      'portfolio.html',
      '404.html',
    ]);
  });
});
