import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import goodManifest from 'federation/fixtures/good.manifest.json' with { type: 'json' };
import incompatibleManifest from 'federation/fixtures/incompatible-react.manifest.json' with { type: 'json' };
import { shellImports } from 'federation/remotes';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { routes } from 'shared-content/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderElement } from './html.ts';
import {
  codeSlotsOf,
  fontFaceCss,
  fontFaces,
  type Hint,
  hintElement,
  preloadHints,
  remoteHints,
  slotsOfRoute,
} from './preload.ts';
import type { PageContext } from './types.ts';

/** A hint as the page writes it. */
const hintMarkup = (hint: Hint) => renderElement(hintElement(hint));

let deploy: string;
const manifestUrl = 'http://cdn.example/mf-marketing/1.0.0-aaaa1111/mf-manifest.json';

/** A deployed mf-marketing version (the fixture's metadata and shared) exposing all the shell imports. */
function deployMarketing(manifest: object) {
  const withAssets = {
    ...manifest,
    exposes: shellImports.mf_marketing.map((name) => ({
      id: `mf_marketing:${name}`,
      name,
      path: `./${name}`,
      assets: {
        js: {
          sync: [`static/js/async/${name}.js`],
          async: [`static/js/async/${name}-later.js`],
        },
        css: { sync: name === 'Hero' ? ['static/css/hero.css'] : [], async: [] },
      },
    })),
  };
  const folder = join(deploy, 'mf-marketing', '1.0.0-aaaa1111');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'mf-manifest.json'), JSON.stringify(withAssets));
}

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'preload-test-'));
  mkdirSync(join(deploy, 'shell', 'static', 'font'), { recursive: true });
  // The shell provides the versions the fixture requires.
  const shared = goodManifest.shared.map((entry) => ({ ...entry, singleton: true }));
  writeFileSync(
    join(deploy, 'shell', 'mf-manifest.json'),
    JSON.stringify({
      name: 'shell',
      metaData: { pluginVersion: goodManifest.metaData.pluginVersion },
      shared,
    }),
  );
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

const hrefs = (route: (typeof routes)[keyof typeof routes] | null) =>
  remoteHints({ route, remoteMap: { mf_marketing: manifestUrl }, deploy }).map((hint) => hint.href);

describe('preload hints', () => {
  it('take each route’s remotes and exposes from the route table', () => {
    expect(slotsOfRoute(routes.services)).toEqual([{ remote: 'mf_marketing', module: 'ServicesPage' }]);
    expect(slotsOfRoute(routes.home)[0]).toEqual({ remote: 'mf_marketing', module: 'Hero' });
    expect(slotsOfRoute(null)).toEqual([]);
  });

  it('preload the run-time files, the manifest, the remote entry and the route’s own chunks of the live version', () => {
    deployMarketing(goodManifest);
    expect(hrefs(routes.services)).toEqual([
      '/remotes.json',
      '/runtime.json',
      manifestUrl,
      'http://cdn.example/mf-marketing/1.0.0-aaaa1111/static/js/mf_marketing.b07301ca6b.js',
      'http://cdn.example/mf-marketing/1.0.0-aaaa1111/static/js/async/ServicesPage.js',
    ]);
    const home = hrefs(routes.home);
    expect(home).toContain('http://cdn.example/mf-marketing/1.0.0-aaaa1111/static/css/hero.css');
    expect(home.some((href) => href.endsWith('-later.js'))).toBe(false);
  });

  it('give the first slot high priority and the rest low, with CORS only where the loader uses it', () => {
    deployMarketing(goodManifest);
    const markup = remoteHints({ route: routes.home, remoteMap: { mf_marketing: manifestUrl }, deploy })
      .map(hintMarkup)
      .join('\n');
    expect(markup).toContain(
      `<link rel="preload" href="${manifestUrl}" as="fetch" crossorigin fetchpriority="high" />`,
    );
    expect(markup).toMatch(/async\/Hero\.js" as="script" fetchpriority="high"/);
    expect(markup).toMatch(/async\/ServicesOverview\.js" as="script" fetchpriority="low"/);
  });

  it('give a sealed version’s entry and chunks their SHA-384 and CORS, as the shell runs them', () => {
    const integrity = (name: string) => `sha384-${name.padEnd(64, 'x').slice(0, 64)}`;
    deployMarketing({
      ...goodManifest,
      metaData: {
        ...goodManifest.metaData,
        integrity: {
          'static/js/mf_marketing.b07301ca6b.js': integrity('entry'),
          'static/js/async/ServicesPage.js': integrity('page'),
        },
      },
    });
    const hints = remoteHints({ route: routes.services, remoteMap: { mf_marketing: manifestUrl }, deploy });
    const entry = hints.find((hint) => hint.href.endsWith('mf_marketing.b07301ca6b.js'));
    expect(entry).toMatchObject({ integrity: integrity('entry'), crossorigin: true });
    expect(hintMarkup(entry as never)).toContain(` integrity="${integrity('entry')}" crossorigin`);
    expect(hints.find((hint) => hint.href.endsWith('ServicesPage.js'))).toMatchObject({
      integrity: integrity('page'),
      crossorigin: true,
    });
  });

  it('preload no code of a remote the shell would refuse to run, and nothing for a remote not in the map', () => {
    deployMarketing(incompatibleManifest);
    expect(hrefs(routes.services)).toEqual(['/remotes.json', '/runtime.json', manifestUrl]);
    expect(remoteHints({ route: routes.contact, remoteMap: {}, deploy }).map((hint) => hint.href)).toEqual([
      '/remotes.json',
      '/runtime.json',
    ]);
  });

  it('count every slot of a page the browser draws as loading code, and of a prerendered page only those that need it', () => {
    const everySlot = [
      ...new Set(slotsOfRoute(routes.home).map(({ remote, module }) => `${remote}/${module}`)),
    ];
    expect(codeSlotsOf({ route: routes.home })).toEqual(everySlot);
    expect(codeSlotsOf({ route: routes.home, prerendered: { failedSlots: [] } })).toEqual([
      'mf_portfolio/PortfolioSection',
      'mf_marketing/ClientCarousel',
    ]);
    // A slot the prerender could not render holds the shell's fallback, not its content: its code draws it.
    expect(
      codeSlotsOf({
        route: routes.services,
        prerendered: { failedSlots: [{ slot: 'mf_marketing/ServicesPage' }] },
      }),
    ).toEqual(['mf_marketing/ServicesPage']);
    // So does one whose render threw: React left its place for the browser to render.
    expect(
      codeSlotsOf({
        route: routes.services,
        prerendered: { failedSlots: [], slotErrors: [{ slot: 'mf_marketing/ServicesPage' }] },
      }),
    ).toEqual(['mf_marketing/ServicesPage']);
    expect(codeSlotsOf({ route: null, prerendered: { failedSlots: [] } })).toEqual([]);
  });

  it('preload no code for a prerendered page whose sections need none, only the files the shell reads', () => {
    deployMarketing(goodManifest);
    const prerendered = { failedSlots: [] };
    const page = { remoteMap: { mf_marketing: manifestUrl }, deploy, prerendered };
    const shellFiles = ['/remotes.json', '/runtime.json'];
    expect(remoteHints({ ...page, route: routes.services }).map((hint) => hint.href)).toEqual(shellFiles);
    expect(remoteHints({ ...page, route: null }).map((hint) => hint.href)).toEqual(shellFiles);
    // Unless its prerender failed: it holds the shell's fallback, and its code draws the section.
    const failed = { failedSlots: [{ slot: 'mf_marketing/ServicesPage' }] };
    expect(
      remoteHints({ ...page, route: routes.services, prerendered: failed }).map((hint) => hint.href),
    ).toEqual([
      '/remotes.json',
      '/runtime.json',
      manifestUrl,
      'http://cdn.example/mf-marketing/1.0.0-aaaa1111/static/js/mf_marketing.b07301ca6b.js',
      'http://cdn.example/mf-marketing/1.0.0-aaaa1111/static/js/async/ServicesPage.js',
    ]);
  });

  it('preload the shell’s federation host with the code of a page that loads some, never for a page that loads none', () => {
    deployMarketing(goodManifest);
    const asyncDir = join(deploy, 'shell', 'static', 'js', 'async');
    mkdirSync(asyncDir, { recursive: true });
    for (const file of ['shared-packages.5ac6f9648e.js', 'federation-host.cad2433a68.js'])
      writeFileSync(join(asyncDir, file), '');
    const page = { remoteMap: { mf_marketing: manifestUrl }, deploy, prerendered: { failedSlots: [] } };
    const host = remoteHints({ ...page, route: routes.home }).find((hint) =>
      hint.href.includes('federation-host'),
    );
    expect(host).toEqual({
      href: '/static/js/async/federation-host.cad2433a68.js',
      as: 'script',
      priority: 'high',
      slots: ['mf_portfolio/PortfolioSection', 'mf_marketing/ClientCarousel'],
    });
    expect(remoteHints({ ...page, route: routes.services }).map((hint) => hint.href)).toEqual([
      '/remotes.json',
      '/runtime.json',
    ]);
  });

  it('preload a prerendered page’s code for its needs-code slots alone, each remote-level file naming them', () => {
    deployMarketing(goodManifest);
    const folder = 'http://cdn.example/mf-marketing/1.0.0-aaaa1111/';
    const hints = remoteHints({
      route: routes.home,
      remoteMap: { mf_marketing: manifestUrl },
      deploy,
      prerendered: { failedSlots: [] },
    });
    expect(hints.map(({ href, slots }) => ({ href, slots }))).toEqual([
      { href: '/remotes.json', slots: undefined },
      { href: '/runtime.json', slots: undefined },
      { href: manifestUrl, slots: ['mf_marketing/ClientCarousel'] },
      { href: `${folder}static/js/mf_marketing.b07301ca6b.js`, slots: ['mf_marketing/ClientCarousel'] },
      { href: `${folder}static/js/async/ClientCarousel.js`, slots: ['mf_marketing/ClientCarousel'] },
    ]);
    // The page loader gets the same lists, so wanting the Hero (kept as HTML) fetches none of them.
    expect(hints.map(hintElement).map((element) => element.deferrable?.slots)).toEqual(
      hints.map((hint) => hint.slots),
    );
  });

  it('preload no font: the text is painted in the fallback face first and Inter is fetched after that paint', () => {
    for (const name of [
      'inter-latin-wght-normal.6c596dfcdd.woff2',
      'inter-core-wght-normal.5a1f0c9e2b.woff2',
    ])
      writeFileSync(join(deploy, 'shell', 'static', 'font', name), '');
    const page: PageContext = {
      path: '/services',
      route: routes.services,
      remoteMap: { mf_marketing: manifestUrl },
      deploy,
      settings: siteUrlsSetting({}),
    };
    const hrefs = preloadHints(page).map((element) => String(element.attributes?.href));
    expect(hrefs).toContain(manifestUrl);
    expect(hrefs.filter((href) => href.includes('/static/font/'))).toEqual([]);
    expect(readFileSync(join(deploy, 'shell', 'mf-manifest.json'), 'utf8')).toContain('react');
  });

  it('hold the inline @font-face rules back until the page loader switches them on after the first paint', () => {
    const page = { deploy } as PageContext;
    expect(fontFaces(page)).toEqual([]);
    const cssDir = join(deploy, 'shell', 'static', 'css', 'async');
    mkdirSync(cssDir, { recursive: true });
    writeFileSync(
      join(cssDir, 'c.1.css'),
      '@font-face{font-family:Inter Variable;src:url(/static/font/a.woff2)}',
    );
    expect(fontFaces(page).map(renderElement)).toEqual([
      '<style data-font-faces media="print">@font-face{font-family:Inter Variable;src:url(/static/font/a.woff2)}</style>',
    ]);
  });

  it('inline the shell’s @font-face rules, and nothing else of its CSS', () => {
    expect(fontFaceCss(deploy)).toBe('');
    const cssDir = join(deploy, 'shell', 'static', 'css', 'async');
    mkdirSync(cssDir, { recursive: true });
    const faces = '@font-face{font-family:Inter Variable;src:url(/static/font/inter.woff2)}';
    writeFileSync(join(cssDir, 'c.1.css'), faces);
    writeFileSync(join(cssDir, 'd.2.css'), '.other{color:red}');
    expect(fontFaceCss(deploy)).toBe(faces);
  });
});
