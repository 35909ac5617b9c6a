import type { RemoteName } from 'federation/remotes';
import { type MouseEvent, useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { slotAttribute, slotStaticAttribute } from '../early/protocol.ts';
import { usePageView } from './PageView.tsx';
import { countView } from './remote-health.ts';
import { clientNavigationOf } from './static-links.ts';

export interface StaticSlotProps {
  remote: RemoteName;
  /** "remote/Module". */
  slot: string;
  /** The slot's prerendered HTML, exactly as the page holds it. */
  html: string;
}

/**
 * A prerendered section that needs no code to be used (no `needsCode` in the route table), on the page it was
 * loaded with: React takes over the slot's element with the HTML it already holds, so nothing is rendered again
 * and the remote's code is never fetched. Its text is what the prerender wrote; its motion is CSS; its links
 * navigate through the shell's router. A later mount of the same section (a client navigation back to this
 * route) is a RemoteSlot again, rendered by the remote's code.
 */
export function StaticSlot({ remote, slot, html }: StaticSlotProps) {
  // The visitor was shown this version of the remote: a view for its health beacons, as with code
  // (a canary's pages are prerendered with the canary's HTML).
  const view = usePageView();
  useEffect(() => countView(view, remote), [view, remote]);
  const navigate = useNavigate();
  const followLink = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const to = clientNavigationOf(event, window.location);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    },
    [navigate],
  );
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks handled are those of the links inside it.
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click; there is nothing else to press.
    <div
      {...{ [slotAttribute]: slot, [slotStaticAttribute]: '' }}
      onClick={followLink}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
