import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonScript, renderElement, styleElement } from './html.ts';

describe('writing head elements', () => {
  it('escapes text and attribute values alike, with one function', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;",
    );
    expect(renderElement({ tag: 'title', text: 'Q&A <script>' })).toBe(
      '<title>Q&amp;A &lt;script&gt;</title>',
    );
    expect(
      renderElement({ tag: 'meta', attributes: { name: 'description', content: '"quoted" & <b>' } }),
    ).toBe('<meta name="description" content="&quot;quoted&quot; &amp; &lt;b&gt;" />');
  });

  it('writes attributes in order, bare when true and not at all when undefined', () => {
    expect(
      renderElement({
        tag: 'link',
        attributes: { rel: 'preload', href: '/a.js', as: 'script', type: undefined, crossorigin: true },
      }),
    ).toBe('<link rel="preload" href="/a.js" as="script" crossorigin />');
    expect(renderElement({ tag: 'script', attributes: { async: true, src: '/l.js' } })).toBe(
      '<script async src="/l.js"></script>',
    );
  });

  it('keeps JSON data and CSS inside their elements whatever they hold', () => {
    const json = renderElement(jsonScript('application/json', { url: '/x?</script><!--' }, { id: 'plan' }));
    expect(json.startsWith('<script type="application/json" id="plan">')).toBe(true);
    expect(json.match(/<\/script>/g)).toHaveLength(1);
    expect(json).not.toContain('<!--');
    const style = renderElement(styleElement('a{}</style><script>alert(1)</script>', { 'data-x': true }));
    expect(style.match(/<\/style>/gi)).toHaveLength(1);
    expect(style.startsWith('<style data-x>')).toBe(true);
  });
});
