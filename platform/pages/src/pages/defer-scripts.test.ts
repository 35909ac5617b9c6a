import { describe, expect, it } from 'vitest';
import { deferredPlanElements, readDeferredScripts, readShellDocument } from './defer-scripts.ts';
import { renderElement } from './html.ts';

const deferredScriptsLoader = 'window.agencyPageLoader={};';

/** A built page's head with its scripts and code preloads taken out, the plan and loader written at its end. */
function deferScripts(html: string): string {
  const shell = readShellDocument(html);
  if (shell.deferred.scripts.length === 0) return html;
  const loading = deferredPlanElements(shell.deferred, deferredScriptsLoader).map(renderElement).join('');
  return `${shell.headWithoutScripts}${loading}${shell.rest}`;
}

const page =
  '<html><head><title>T</title>' +
  '<link rel="preload" href="/static/font/inter.woff2" as="font" type="font/woff2" crossorigin />' +
  '<script defer src="/static/js/index.abc.js"></script>' +
  '<link href="/static/js/async/1.js" rel="preload" as="script">' +
  '<link rel="preload" href="/remotes.json" as="fetch" crossorigin fetchpriority="high" />' +
  '<link rel="preload" href="http://localhost:3001/1/mf-manifest.json" as="fetch" crossorigin />' +
  '<script type="application/ld+json">{"@type":"Organization"}</script>' +
  '</head><body><div id="root"><p>content</p></div></body></html>';

describe('deferring a prerendered page’s scripts', () => {
  it('refuses a page loader whose code would close its element or open a comment, rather than alter it', () => {
    const plan = { scripts: ['/a.js'], preload: [] };
    expect(() => deferredPlanElements(plan, 'var s="</script>";')).toThrow(/may not contain/);
    expect(() => deferredPlanElements(plan, 'var s="<!--";')).toThrow(/may not contain/);
  });

  it('moves the entry script and the code preloads into the deferred list, in order', () => {
    const html = deferScripts(page);
    expect(readDeferredScripts(html)).toEqual({
      scripts: ['/static/js/index.abc.js'],
      preload: [
        { href: '/static/js/async/1.js', as: 'script' },
        { href: '/remotes.json', as: 'fetch', crossorigin: true },
        { href: 'http://localhost:3001/1/mf-manifest.json', as: 'fetch', crossorigin: true },
      ],
    });
    expect(html).not.toContain('<script defer src="/static/js/index.abc.js">');
    expect(html).not.toMatch(/rel="preload"[^>]*as="(script|fetch)"/);
    // The page loader's code itself, last in the head, after the plan it reads.
    expect(html).toContain(`<script>${deferredScriptsLoader}</script></head>`);
  });

  it('keeps what the content itself needs: the font preload, structured data and the body', () => {
    const html = deferScripts(page);
    expect(html).toContain('as="font"');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(html).toContain('<div id="root"><p>content</p></div>');
  });

  it('leaves a page without scripts alone, and never lets a URL close the JSON block', () => {
    expect(deferScripts('<html><head></head><body></body></html>')).toBe(
      '<html><head></head><body></body></html>',
    );
    const tricky = deferScripts('<head><script defer src="/a.js?x=</script>"></script></head>');
    expect(tricky).toContain('\\u003c/script>');
    expect(readDeferredScripts(tricky)?.scripts).toEqual(['/a.js?x=</script>']);
  });

  it('hands the tab icons to the page loader once each, so no icon is fetched before the first paint', () => {
    const html = deferScripts(
      '<head><link rel="icon" href="/favicon.ico" sizes="32x32" />' +
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />' +
        '<script defer src="/static/js/index.abc.js"></script><link rel="icon" href="/favicon.ico"></head>',
    );
    expect(readDeferredScripts(html)?.icons).toEqual([
      { href: '/favicon.ico', sizes: '32x32' },
      { href: '/favicon.svg', type: 'image/svg+xml' },
    ]);
    expect(html).not.toContain('rel="icon"');
  });

  it('carries a sealed remote file’s integrity into the deferred list, so its preload matches the script', () => {
    const integrity = `sha384-${'B'.repeat(64)}`;
    const html = deferScripts(
      '<head><script defer src="/static/js/index.abc.js"></script>' +
        `<link rel="preload" href="http://localhost:3001/1/static/js/e.js" as="script" integrity="${integrity}" crossorigin /></head>`,
    );
    expect(readDeferredScripts(html)?.preload).toEqual([
      { href: 'http://localhost:3001/1/static/js/e.js', as: 'script', crossorigin: true, integrity },
    ]);
  });
});
