/** The shape of a slot's reserved space, free of styling imports so Node code (the page generator) can read it. */

/** 'dark' for a slot that opens the page under the transparent header. */
export type SlotTone = 'light' | 'dark';

/** Height a slot reserves (px) while its remote loads or when it failed, so nothing below it jumps. */
export interface SlotReserve {
  base: number;
  md?: number;
  lg?: number;
}
