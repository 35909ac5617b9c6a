import type { Page } from '@playwright/test';
import { matchRoute } from 'federation/match-route';
import type { RouteSlotEntry } from 'shared-content/site';

/** A route's slots as the page marks them ("remote/Module"), split by whether the section needs its code. */
export function slotsOf(path: string) {
  const slots: readonly RouteSlotEntry[] = matchRoute(path)?.slots ?? [];
  const key = (slot: RouteSlotEntry) => `${slot.remote}/${slot.module}`;
  return {
    needsCode: slots.filter((slot) => slot.needsCode).map(key),
    static: slots.filter((slot) => !slot.needsCode).map(key),
  };
}

/** The file name Module Federation gives a remote's exposed module, whichever remote and hash. */
export const exposeFile = (module: string) => new RegExp(`/__federation_expose_${module}\\.[0-9a-f]+\\.js$`);

/** Scrolls to the end of the page half a screen at a time, so every slot on the way comes near the view. */
export async function scrollToEnd(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}
