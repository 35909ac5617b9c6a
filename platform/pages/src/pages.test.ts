import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readInlineScriptHashes, scriptHashSource } from 'deploy-folder/inline-scripts';
import { precompressedSource } from 'deploy-folder/precompress';
import { pageFileName, pagesDir } from 'deploy-model/layout';
import { type RemoteVersionEntry, type ResolvedRemoteMap, remoteMapSchema } from 'federation/remote-map';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDeferredScripts } from './pages/defer-scripts.ts';
import type { HeadPart, PageContext } from './pages/types.ts';
import { generatedPages, type Prerender, pageFor, writePages } from './pages.ts';
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
    JSON.stringify({
      mf_marketing: { url: 'http://cdn.example/m/1/mf-manifest.json', integrity: `sha384-${'A'.repeat(64)}` },
    }),
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
    writePages(deploy, siteUrlsSetting({}), undefined, noPrerender);
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
    writePages(deploy, siteUrlsSetting({}), [probe], noPrerender);
    expect(seen).toContain('/contact http://cdn.example/m/1/mf-manifest.json');
    expect(readFileSync(pageFor(deploy, '/') ?? '', 'utf8')).toContain('<meta name="probe" /></head>');
    expect(readFileSync(join(deploy, 'shell', 'index.html'), 'utf8')).toBe(shellIndex);
  });

  it('replaces the previous set as a whole', () => {
    writePages(deploy, siteUrlsSetting({}), undefined, noPrerender);
    writePages(
      deploy,
      siteUrlsSetting({}),
      [() => [{ tag: 'meta', attributes: { name: 'second' } }]],
      noPrerender,
    );
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).toContain('<meta name="second" />');
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).not.toContain('<title>');
  });

  it('puts each page’s prerendered markup into #root and its styles into the head', () => {
    const seen: Array<string | null> = [];
    writePages(deploy, siteUrlsSetting({}), [], (_deploy, paths) => {
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
    writeFileSync(join(deploy, 'shell', 'static', 'js', 'page-loader.0123abcd.js'), 'startLoader();');
    const prerendered: Prerender = (_deploy, paths) =>
      paths
        .filter((path) => path !== '/about')
        .map((path) => ({ path, html: '<main></main>', styles: '', failedSlots: [], renderErrors: [] }));
    writePages(deploy, siteUrlsSetting({}), [], prerendered);
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    expect(readDeferredScripts(services)?.scripts).toEqual(['/static/js/index.1.js']);
    // The page loader is written inline, and the pages list its hash for the Content-Security-Policy.
    expect(services).toContain('<script>startLoader();</script></head>');
    expect(readInlineScriptHashes(pagesDir(deploy))).toEqual([scriptHashSource('startLoader();')]);
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
    writeFileSync(join(deploy, 'shell', 'static', 'js', 'page-loader.0123abcd.js'), 'startLoader();');
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
    writePages(deploy, siteUrlsSetting({}), [hints], prerendered);
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    // The URL arrives as it was given: nothing is read back out of escaped markup.
    expect(readDeferredScripts(services)?.preload).toEqual([
      { href: chunk, as: 'script', slots: ['mf_marketing/Hero'] },
    ]);
    expect(services).toContain('<link rel="preload" href="/static/font/f.woff2" as="font" />');
    expect(services).not.toContain('<link rel="preload" href="http://cdn.example');
  });

  it('tells the head parts what the prerender made of each page, so its hints cover the slots that load code', () => {
    const seen = new Map<string | null, PageContext['prerendered']>();
    const recorder: HeadPart = (page) => {
      seen.set(page.path, page.prerendered);
      return [];
    };
    const failedSlots = [{ slot: 'mf_marketing/ServicesPage', reason: 'remote down' }];
    const prerendered: Prerender = (_deploy, paths) =>
      paths
        .filter((path) => path !== '/about')
        .map((path) => ({
          path,
          html: '<main></main>',
          styles: '',
          failedSlots: path === '/services' ? failedSlots : [],
          renderErrors: [],
        }));
    writePages(deploy, siteUrlsSetting({}), [recorder], prerendered);
    expect(seen.get('/services')?.failedSlots).toEqual(failedSlots);
    expect(seen.get('/')?.failedSlots).toEqual([]);
    // A page the browser draws has no prerender to go by: all its slots load code.
    expect(seen.has('/about')).toBe(true);
    expect(seen.get('/about')).toBeUndefined();
  });

  it('writes the pages without content when the prerenderer cannot run', () => {
    writePages(deploy, siteUrlsSetting({}), undefined, () => {
      throw new PrerenderError('No shell Node build');
    });
    expect(readFileSync(pageFor(deploy, '/about') ?? '', 'utf8')).toContain('<div id="root"></div>');
  });

  it('refuses to run without a deployed shell', () => {
    rmSync(join(deploy, 'shell', 'index.html'));
    expect(() => writePages(deploy, siteUrlsSetting({}))).toThrow(/No shell is deployed/);
  });
});

/** A version of a remote as a release writes it into the map. */
const version = (folder: string, name: string, traffic: number, isDefault: boolean): RemoteVersionEntry => ({
  url: `http://cdn.example/${folder}/${name}/mf-manifest.json`,
  metadata: { version: name, integrity: `sha384-${'A'.repeat(64)}` },
  deployment: { traffic, default: isDefault },
});

function writeRemoteMap(microFrontends: Record<string, RemoteVersionEntry[]>) {
  writeFileSync(
    join(deploy, 'shell', 'remotes.json'),
    JSON.stringify({ schema: remoteMapSchema, microFrontends }),
  );
}

/** Version 1 of both remotes for everyone. */
const withoutCanary = () =>
  writeRemoteMap({
    mf_marketing: [version('m', '1.0.0', 100, true)],
    mf_portfolio: [version('p', '1.0.0', 100, true)],
  });

/** Canaries: mf_marketing 2.0.0 for buckets 0–9, mf_portfolio 2.0.0 for 0–24. */
const withCanaries = () =>
  writeRemoteMap({
    mf_marketing: [version('m', '1.0.0', 90, true), version('m', '2.0.0', 10, false)],
    mf_portfolio: [version('p', '1.0.0', 75, true), version('p', '2.0.0', 25, false)],
  });

const versionsOf = (remoteMap: ResolvedRemoteMap) =>
  `marketing ${remoteMap.mf_marketing?.version} portfolio ${remoteMap.mf_portfolio?.version}`;

/** Renders each page as the versions it was asked for, and records each call (one worker each). */
function recordingPrerender(calls: string[]): Prerender {
  return (_deploy, paths, _env, remoteMap) => {
    calls.push(versionsOf(remoteMap));
    return paths.map((path) => ({
      path,
      html: `<main>${versionsOf(remoteMap)}</main>`,
      styles: '',
      failedSlots: [],
      renderErrors: [],
    }));
  };
}

const variantPage = (dir: string, path: string | null) =>
  readFileSync(join(pagesDir(deploy), dir, pageFileName(path)), 'utf8');

describe('page variants for a canary', () => {
  it('writes a set of pages per bucket range, each prerendered with and preloading its own versions', () => {
    withCanaries();
    const calls: string[] = [];
    writePages(deploy, siteUrlsSetting({}), undefined, recordingPrerender(calls));
    // One prerender per set: the default versions first, then each range from bucket 0.
    expect(calls).toEqual([
      'marketing 1.0.0 portfolio 1.0.0',
      'marketing 2.0.0 portfolio 2.0.0',
      'marketing 1.0.0 portfolio 2.0.0',
    ]);
    expect(JSON.parse(readFileSync(join(pagesDir(deploy), 'buckets.json'), 'utf8'))).toEqual([
      {
        from: 0,
        to: 10,
        dir: 'buckets/0-10',
        versions: { mf_marketing: '2.0.0', mf_portfolio: '2.0.0' },
      },
      {
        from: 10,
        to: 25,
        dir: 'buckets/10-25',
        versions: { mf_marketing: '1.0.0', mf_portfolio: '2.0.0' },
      },
    ]);
    const defaults = generatedPages(deploy).filter((name) => name.endsWith('.html'));
    expect(readdirSync(join(pagesDir(deploy), 'buckets')).sort()).toEqual(['0-10', '10-25']);
    for (const dir of ['buckets/0-10', 'buckets/10-25']) {
      // The same pages (each with its precompressed siblings, precompress.ts).
      const pages = readdirSync(join(pagesDir(deploy), dir)).filter((name) => !precompressedSource(name));
      expect(pages.sort()).toEqual(defaults);
    }

    // The default pages stay where they always were, with the default versions.
    // The home page: prerendered, it preloads mf-marketing only for its ClientCarousel, which needs code.
    const services = readFileSync(pageFor(deploy, '/services') ?? '', 'utf8');
    expect(services).toContain('<main>marketing 1.0.0 portfolio 1.0.0</main>');
    expect(readFileSync(pageFor(deploy, '/') ?? '', 'utf8')).toContain(
      'href="http://cdn.example/m/1.0.0/mf-manifest.json"',
    );
    expect(services).toContain('<title>Services |');
    // Each variant's content and preload hints name its versions, and no other.
    const canaryServices = variantPage('buckets/0-10', '/services');
    expect(canaryServices).toContain('<main>marketing 2.0.0 portfolio 2.0.0</main>');
    const canaryHome = variantPage('buckets/0-10', '/');
    expect(canaryHome).toContain('href="http://cdn.example/m/2.0.0/mf-manifest.json"');
    expect(canaryHome).not.toContain('/m/1.0.0/');
    expect(variantPage('buckets/10-25', '/')).toContain('href="http://cdn.example/m/1.0.0/mf-manifest.json"');
    const portfolio = variantPage('buckets/10-25', '/portfolio');
    expect(portfolio).toContain('href="http://cdn.example/p/2.0.0/mf-manifest.json"');
    expect(portfolio).not.toContain('/p/1.0.0/');
    expect(variantPage('buckets/0-10', null)).toContain('<title>Page Not Found |');
  });

  it('writes no variants without a canary, and the default pages are the same with or without one', () => {
    withoutCanary();
    writePages(deploy, siteUrlsSetting({}), undefined, recordingPrerender([]));
    expect(generatedPages(deploy).filter((name) => !name.endsWith('.html'))).toEqual([]);
    const before = generatedPages(deploy).map((name) => readFileSync(join(pagesDir(deploy), name), 'utf8'));
    withCanaries();
    writePages(deploy, siteUrlsSetting({}), undefined, recordingPrerender([]));
    const names = generatedPages(deploy).filter((name) => name.endsWith('.html'));
    expect(names.map((name) => readFileSync(join(pagesDir(deploy), name), 'utf8'))).toEqual(before);
  });

  it('removes the variants once the canary is over, with the rest of the old set', () => {
    withCanaries();
    writePages(deploy, siteUrlsSetting({}), undefined, recordingPrerender([]));
    expect(existsSync(join(pagesDir(deploy), 'buckets', '0-10', 'index.html'))).toBe(true);
    withoutCanary();
    writePages(deploy, siteUrlsSetting({}), undefined, recordingPrerender([]));
    expect(existsSync(join(pagesDir(deploy), 'buckets'))).toBe(false);
    expect(existsSync(join(pagesDir(deploy), 'buckets.json'))).toBe(false);
    // Nothing is left beside the pages either: no staging or retired set.
    expect(readdirSync(deploy).sort()).toEqual(['pages', 'shell']);
  });

  it('writes a variant whose prerender cannot run without content, naming it, and the others with theirs', () => {
    withCanaries();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls: string[] = [];
    const record = recordingPrerender(calls);
    writePages(deploy, siteUrlsSetting({}), undefined, (...args) => {
      if (args[3].mf_marketing?.version === '2.0.0') throw new PrerenderError('The prerenderer failed');
      return record(...args);
    });
    const warnings = warn.mock.calls.map(([message]) => message);
    warn.mockRestore();
    expect(warnings).toEqual([
      'The prerenderer failed\nThe pages of buckets/0-10 are written without prerendered content; browsers render them.',
    ]);
    expect(variantPage('buckets/0-10', '/about')).toContain('<div id="root"></div>');
    expect(variantPage('buckets/10-25', '/about')).toContain('<main>marketing 1.0.0 portfolio 2.0.0</main>');
  });
});
