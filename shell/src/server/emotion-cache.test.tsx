// @vitest-environment node
// In Node, as the prerenderer runs: emotion behaves differently wherever a document exists.
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { serverEmotionCache } from './emotion-cache.ts';
import { emotionStyleTags } from './emotion-styles.ts';

const Bar = styled.div({
  display: 'flex',
  alignItems: 'center',
  transform: 'translateY(-50%)',
  backdropFilter: 'blur(6px)',
  maskImage: 'linear-gradient(to right, transparent, black)',
  '&::placeholder': { color: 'gray' },
});

function stylesOf() {
  const cache = serverEmotionCache();
  const html = renderToString(
    <CacheProvider value={cache}>
      <Bar>text</Bar>
    </CacheProvider>,
  );
  return emotionStyleTags(cache, html);
}

describe('the server render emotion cache', () => {
  it('writes the declarations unprefixed, and -webkit- only where browsers still need it', () => {
    const styles = stylesOf();
    expect(styles).toContain('display:flex;align-items:center;transform:translateY(-50%);');
    expect(styles).toContain('-webkit-backdrop-filter:blur(6px);backdrop-filter:blur(6px);');
    expect(styles).toContain(
      '-webkit-mask-image:linear-gradient(to right, transparent, black);mask-image:linear-gradient(to right, transparent, black);',
    );
    expect(styles).toContain('::placeholder{color:gray;}');
    expect(styles).not.toMatch(/-(ms|moz)-|-webkit-(box|flex|transform|align)|display:-webkit/);
  });

  it('names classes as the browser does (the hash of the styles, not of their prefixes)', () => {
    const browserName = /class="(css-[\w-]+)"/.exec(renderToString(<Bar>text</Bar>))?.[1];
    expect(stylesOf()).toContain(`.${browserName}{`);
  });
});
