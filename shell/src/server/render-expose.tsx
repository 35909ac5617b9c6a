import { CacheProvider, ThemeProvider } from '@emotion/react';
import type { RemoteName } from 'federation/remotes';
import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { theme } from 'shared-content/theme';
import { loadExposedComponent } from '../federation/remote-registry.ts';
import { serverEmotionCache } from './emotion-cache.ts';

/** One expose rendered on its own: `loadError` when its code did not load, `renderError` when it threw. */
export interface RenderedExpose {
  loadError?: string;
  renderError?: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Renders one exposed component with the given props, loaded as a page's slot is (the federation runtime, the
 * remote map's version, its compatibility and integrity checked) and given what the shell gives every slot
 * (the theme, a router), but with no boundary around it: whatever it throws is the answer. For the release
 * gates (platform/releases/src/release-gates/), which render every declared expose of a build before it is released.
 */
export async function renderExpose(
  remote: RemoteName,
  module: string,
  props: object,
): Promise<RenderedExpose> {
  let component: Awaited<ReturnType<typeof loadExposedComponent>>['default'];
  try {
    component = (await loadExposedComponent(remote, module, 0)).default;
  } catch (error) {
    return { loadError: messageOf(error) };
  }
  const cache = serverEmotionCache();
  const errors: string[] = [];
  try {
    const { prelude } = await prerenderToNodeStream(
      <CacheProvider value={cache}>
        <ThemeProvider theme={theme}>
          <StaticRouter location="/">{createElement(component, props)}</StaticRouter>
        </ThemeProvider>
      </CacheProvider>,
      { onError: (error) => void errors.push(messageOf(error)) },
    );
    for await (const _ of prelude) {
      // Read to the end: an error in a part that streams later is reported then.
    }
  } catch (error) {
    errors.push(messageOf(error));
  }
  return errors.length > 0 ? { renderError: [...new Set(errors)].join('; ') } : {};
}
