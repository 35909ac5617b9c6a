import type { Theme } from '@emotion/react';

/** Height a slot reserves (px) while its remote loads or when it failed, so nothing below it jumps. */
export interface SlotReserve {
  base: number;
  md?: number;
  lg?: number;
}

export function reserveStyles(theme: Theme, reserve: SlotReserve) {
  return {
    minHeight: reserve.base,
    ...(reserve.md ? { [theme.mq.md]: { minHeight: reserve.md } } : {}),
    ...(reserve.lg ? { [theme.mq.lg]: { minHeight: reserve.lg } } : {}),
  };
}
