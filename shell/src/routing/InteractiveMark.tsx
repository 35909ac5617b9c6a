import { useEffect, useState } from 'react';
import { pageLoader } from '../early/page-loader-api.ts';
import { shellLiveAttribute } from '../early/protocol.ts';
import { pageHydration } from '../hydration/page-hydration.ts';

/**
 * Marks on <html> how far the page has come, for the page loader (which performs input held until then) and
 * for anything that needs the live page (the e2e suite):
 * - data-shell-live: the shell (header, drawer, footer, routing) answers input;
 * - data-interactive: that, and every remote slot that loads code and was on screen at the start (what the
 *   visitor sees works; a slot kept as prerendered HTML works without code);
 * - data-hydrated: every slot of the page that loads code is live or has fallen back.
 * The shell is marked one render after hydration, so state its forms adopted in their first effects (what was
 * typed before) has rendered before held input is performed.
 */
export function InteractiveMark() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!hydrated) return;
    const html = document.documentElement;
    html.setAttribute(shellLiveAttribute, '');
    pageLoader()?.partLive(html);
    pageHydration.markShellHydrated();
    const mark = () => {
      if (pageHydration.inViewSettled()) html.setAttribute('data-interactive', '');
      if (pageHydration.allSettled()) html.setAttribute('data-hydrated', '');
    };
    mark();
    return pageHydration.subscribe(mark);
  }, [hydrated]);
  return null;
}
