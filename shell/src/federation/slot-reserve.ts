import type { Theme } from '@emotion/react';
import type { SlotReserve } from 'shared-content/site';

export type { SlotReserve, SlotTone } from 'shared-content/site';

export function reserveStyles(theme: Theme, reserve: SlotReserve) {
  return {
    minHeight: reserve.base,
    ...(reserve.md ? { [theme.mq.md]: { minHeight: reserve.md } } : {}),
    ...(reserve.lg ? { [theme.mq.lg]: { minHeight: reserve.lg } } : {}),
  };
}

/** The same reserve with every breakpoint's height limited to `max`. */
export function capReserve(reserve: SlotReserve, max: number): SlotReserve {
  return {
    base: Math.min(reserve.base, max),
    ...(reserve.md ? { md: Math.min(reserve.md, max) } : {}),
    ...(reserve.lg ? { lg: Math.min(reserve.lg, max) } : {}),
  };
}
