import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allRoutePaths } from 'shared-content/site';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('writePages with colliding routes', () => {
  let deploy: string | undefined;
  afterEach(() => {
    vi.doUnmock('shared-content/site');
    vi.resetModules();
    if (deploy) rmSync(deploy, { recursive: true, force: true });
  });

  it('throws before writing anything, so the live pages stay as they are', async () => {
    vi.resetModules();
    vi.doMock('shared-content/site', async (importOriginal) => {
      const actual = await importOriginal<typeof import('shared-content/site')>();
      // Non-ASCII letters are not encoded: "É" and "é" still fold together.
      const clash = {
        path: '/Équipe',
        aliases: ['/équipe'],
        title: 'Équipe',
        description: 'Équipe',
        slots: [],
      };
      return { ...actual, routes: { ...actual.routes, clash } };
    });
    const { writePages } = await import('site-pages/pages');
    deploy = mkdtempSync(join(tmpdir(), 'page-files-test-'));
    mkdirSync(join(deploy, 'shell'), { recursive: true });
    writeFileSync(join(deploy, 'shell', 'index.html'), '<html><head></head><body></body></html>');
    mkdirSync(join(deploy, 'pages'));
    writeFileSync(join(deploy, 'pages', 'services.html'), 'live');
    expect(() => writePages(deploy ?? '', {}, [], () => [])).toThrow(
      /"\/Équipe" \(Équipe\.html\) and "\/équipe" \(équipe\.html\)/,
    );
    expect(readdirSync(join(deploy, 'pages'))).toEqual(['services.html']);
    expect(existsSync(join(deploy, `pages.${process.pid}.staging`))).toBe(false);
  });
});
