// @vitest-environment node
// In Node, as the prerenderer runs: emotion behaves differently wherever a document exists.
import createCache from '@emotion/cache';
import { CacheProvider, Global, keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emotionStyleTags } from './emotion-styles.ts';

const pulse = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const Used = styled.p({ color: 'rebeccapurple', animation: `${pulse} 1s` });
const Unused = styled.p({ color: 'teal' });

function render(showUnused: boolean) {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <Global styles={{ body: { margin: 0 } }} />
      <Used>text</Used>
      {showUnused ? <Unused>other</Unused> : null}
    </CacheProvider>,
  );
  return { cache, html };
}

describe('emotion styles of a prerendered page', () => {
  it('writes no inline <style> into the markup: every rule goes to the head tags', () => {
    const { cache, html } = render(false);
    expect(html).not.toContain('<style');
    const tags = emotionStyleTags(cache, html);
    expect(tags).toMatch(/<style data-emotion="css-global [\w-]+">body\{margin:0;\}<\/style>/);
    expect(tags).toContain('@keyframes');
    expect(tags).toMatch(/<style data-emotion="css [\w-]+">\.css-[\w-]+\{color:rebeccapurple;/);
  });

  it('names in the class tag exactly the styles the markup uses', () => {
    const { cache, html } = render(true);
    const classTag = /<style data-emotion="css ([^"]+)">/.exec(emotionStyleTags(cache, html))?.[1] ?? '';
    const used = [...html.matchAll(/class="css-([\w-]+)"/g)].map((match) => match[1]);
    expect(classTag.split(' ').sort()).toEqual([...new Set(used)].sort());
  });
});
