import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDeferredScripts } from './pages/defer-scripts.ts';
import { generatedPages, type HeadPart, type Prerender, pageFileName, pageFor, writePages } from './pages.ts';
import { PrerenderError } from './prerender/prerender.ts';

let deploy: string;
/** These tests are about the head; the real prerenderer needs deployed builds (the e2e suite runs it). */
const noPrerender = () => [];
const shellIndex =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body><div id="root"></div></body></html>';

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'pages-test-'));
  mkdirSync(join(deploy, 'shell'), { recursive: true });
  writeFileSync(join(deploy, 'shell', 'index.html'), shellIndex);
  writeFileSync(
    join(deploy, 'shell', 'remotes.json'),
    JSON.stringify({ mf_marketing: 'http://cdn.example/m/1/mf-manifest.json' }),
  );
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('pages', () => {
  it('names a file for every path, aliases and the 404 page included', () => {
    expect(pageFileName('/')).toBe('index.html');
    expect(pageFileName('/services')).toBe('services.html');
    // Uppercase letters are written as "~" and the letter, so no two names differ only in case.
    expect(pageFileName('/Portfolio')).toBe('~portfolio.html');
    expect(pageFileName(null)).toBe('404.html');
  });

  it('writes one page per route path and a 404 page, each with its own title and description', () => {
    writePages(deploy, {}, undefined, noPrerender);
    expect(generatedPages(deploy)).toEqual(
      [
        '404.html',
        '~portfolio.html',
        'about.html',
        'categories.html',
        'contact.html',
        'index.html',
        'portfolio.html',
        'privacy-policy.html',
        'services.html',
        'terms-conditions.html',
        'terms.html',
      ].sort(),
    );
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    expect(services).toMatch(
      /<title>Services \|[^<]+<\/title><meta name="description" content="[^"]{40,}" \/>/,
    );
    expect(services).toContain('<div id="root"></div>');
    expect(readFileSync(pageFor(deploy, null) ?? '', 'utf8')).toContain('<title>Page Not Found |');
    // An alias is the same page as its canonical path.
    expect(readFileSync(pageFor(deploy, '/terms') ?? '', 'utf8')).toBe(
      readFileSync(pageFor(deploy, '/terms-conditions') ?? '', 'utf8'),
    );
  });

  it('gives each head part the route and the environment’s remote map, and leaves the shell files alone', () => {
    const seen: string[] = [];
    const probe: HeadPart = ({ path, remoteMap }) => {
      seen.push(`${path} ${remoteMap.mf_marketing}`);
      return [{ tag: 'meta', attributes: { name: 'probe' } }];
    };
    writePages(deploy, {}, [probe], noPrerender);
    expect(seen).toContain('/contact http://cdn.example/m/1/mf-manifest.json');
    expect(readFileSync(pageFor(deploy, '/') ?? '', 'utf8')).toContain('<meta name="probe" /></head>');
    expect(readFileSync(join(deploy, 'shell', 'index.html'), 'utf8')).toBe(shellIndex);
  });

  it('replaces the previous set as a whole', () => {
    writePages(deploy, {}, undefined, noPrerender);
    writePages(deploy, {}, [() => [{ tag: 'meta', attributes: { name: 'second' } }]], noPrerender);
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).toContain('<meta name="second" />');
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).not.toContain('<title>');
  });

  it('puts each page’s prerendered markup into #root and its styles into the head', () => {
    const seen: Array<string | null> = [];
    writePages(deploy, {}, [], (_deploy, paths) => {
      seen.push(...paths);
      return paths.map((path) => ({
        path,
        html: `<main>${path ?? 'missing'} $& </main>`,
        styles: '<style data-emotion="css a1">.css-a1{color:red;}</style>',
        failedSlots: [],
        renderErrors: [],
      }));
    });
    expect(seen).toContain('/Portfolio');
    expect(seen).toContain(null);
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    // "$&" stays as written: the markup is inserted, not used as a replacement pattern.
    expect(services).toContain('<div id="root"><main>/services $& </main></div>');
    expect(services).toContain('<style data-emotion="css a1">.css-a1{color:red;}</style></head>');
    expect(readFileSync(pageFor(deploy, null) ?? '', 'utf8')).toContain('<main>missing $& </main>');
  });

  it('defers a prerendered page’s scripts until its content is painted; a page without content keeps them', () => {
    writeFileSync(
      join(deploy, 'shell', 'index.html'),
      shellIndex.replace('</head>', '<script defer src="/static/js/index.1.js"></script></head>'),
    );
    mkdirSync(join(deploy, 'shell', 'static', 'js'), { recursive: true });
    writeFileSync(join(deploy, 'shell', 'static', 'js', 'page-loader.0123abcd.js'), '');
    const prerendered: Prerender = (_deploy, paths) =>
      paths
        .filter((path) => path !== '/about')
        .map((path) => ({ path, html: '<main></main>', styles: '', failedSlots: [], renderErrors: [] }));
    writePages(deploy, {}, [], prerendered);
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    expect(readDeferredScripts(services)?.scripts).toEqual(['/static/js/index.1.js']);
    const about = readFileSync(pageFor(deploy, '/about') ?? '', 'utf8');
    expect(about).toContain('<script defer src="/static/js/index.1.js"></script>');
    expect(readDeferredScripts(about)).toBeNull();
  });

  it('hands a prerendered page’s code preloads to the page loader as typed hints, with their remote and slots', () => {
    writeFileSync(
      join(deploy, 'shell', 'index.html'),
      shellIndex.replace('</head>', '<script defer src="/static/js/index.1.js"></script></head>'),
    );
    mkdirSync(join(deploy, 'shell', 'static', 'js'), { recursive: true });
    writeFileSync(join(deploy, 'shell', 'static', 'js', 'page-loader.0123abcd.js'), '');
    const chunk = 'http://cdn.example/m/1/static/js/a.js?x=1&y="2"';
    const hints: HeadPart = () => [
      { tag: 'link', attributes: { rel: 'preload', href: '/static/font/f.woff2', as: 'font' } },
      {
        tag: 'link',
        attributes: { rel: 'preload', href: chunk, as: 'script' },
        deferrable: { href: chunk, as: 'script', slots: ['mf_marketing/Hero'] },
      },
    ];
    const prerendered: Prerender = (_deploy, paths) =>
      paths.map((path) => ({ path, html: '<main></main>', styles: '', failedSlots: [], renderErrors: [] }));
    writePages(deploy, {}, [hints], prerendered);
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    // The URL arrives as it was given: nothing is read back out of escaped markup.
    expect(readDeferredScripts(services)?.preload).toEqual([
      { href: chunk, as: 'script', slots: ['mf_marketing/Hero'] },
    ]);
    expect(services).toContain('<link rel="preload" href="/static/font/f.woff2" as="font" />');
    expect(services).not.toContain('<link rel="preload" href="http://cdn.example');
  });

  it('writes the pages without content when the prerenderer cannot run', () => {
    writePages(deploy, {}, undefined, () => {
      throw new PrerenderError('No shell Node build');
    });
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).toContain('<div id="root"></div>');
  });

  it('refuses to run without a deployed shell', () => {
    rmSync(join(deploy, 'shell', 'index.html'));
    expect(() => writePages(deploy, {})).toThrow(/No shell is deployed/);
  });
});
