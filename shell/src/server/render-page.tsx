import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../App.tsx';
import { clearPreparedSlots, prepareSlot } from '../federation/prepared-slots.ts';
import { prepareRoute } from '../prerender/prepare-route.ts';
import { serverEmotionCache } from './emotion-cache.ts';
import { emotionStyleTags } from './emotion-styles.ts';
import { renderErrorDigest, slotErrorsOf } from './slot-errors.ts';

export interface PrerenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The page's emotion styles as <style> tags for its <head>. */
  styles: string;
  /** Slots rendered as their fallback because their remote did not load, with the reason. */
  failedSlots: Array<{ slot: string; reason: string }>;
  /** Errors thrown while rendering; the part that threw is left for the browser to render. */
  renderErrors: string[];
  /** The render errors thrown inside a remote's slot, with the slot ("mf_portfolio/ProcessSection"). */
  slotErrors: Array<{ slot: string; error: string }>;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array | string));
  // Decoded once, whole: a chunk may end inside a multi-byte character (the ₹ sign is three bytes).
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders one path of the site as the browser's first render will: the remote modules of the route are
 * loaded through the federation runtime first (a remote that does not load renders its slot's fallback),
 * then the whole tree renders to HTML (waiting for anything that suspends) with its emotion styles collected
 * for the head.
 */
export async function renderPage(path: string): Promise<PrerenderedPage> {
  clearPreparedSlots();
  const failedSlots: PrerenderedPage['failedSlots'] = [];
  await prepareRoute(path, {
    onFailure: (slot, error) => {
      prepareSlot(slot, { state: 'failed' });
      failedSlots.push({ slot, reason: error instanceof Error ? error.message : String(error) });
    },
  });
  // One cache per page (every style collected in it, see emotion-cache.ts).
  const cache = serverEmotionCache();
  const router = (children: ReactNode) => <StaticRouter location={path}>{children}</StaticRouter>;
  const renderErrors: string[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <App router={router} />
    </CacheProvider>,
    {
      // The digest marks the section the error left for the browser, so the error is told to its slot.
      onError: (error) =>
        renderErrorDigest(renderErrors.push(error instanceof Error ? error.message : String(error)) - 1),
      // Every section inline, in order: never outlined behind an inline script (the site's CSP allows none).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await streamToString(prelude);
  return {
    html,
    styles: emotionStyleTags(cache, html),
    failedSlots,
    renderErrors,
    slotErrors: slotErrorsOf(html, renderErrors),
  };
}
