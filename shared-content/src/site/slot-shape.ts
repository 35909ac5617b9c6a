/** The shape of a slot's reserved space, free of styling imports so Node code (the page generator) can read it. */

/** 'dark' for a slot that opens the page under the transparent header. */
export type SlotTone = 'light' | 'dark';

/**
 * When a prerendered section that needs code (`needsCode`) loads it on a page load:
 * - 'on-screen' (the default): as soon as it is on screen or near it, so it is live while the visitor looks;
 * - 'when-reached': only when the visitor reaches for it (a pointer down, focus, a key, typing, a tap held by
 *   the page loader) or when the browser is idle, even when it is on screen at the start. Its prerendered HTML
 *   reads meanwhile, a tap or a submit made before its code is live is held and performed once it is, and
 *   typing stays in its field. For a first section a visitor reads before using: the federation runtime and
 *   the remote's entry then cost nothing before idle.
 */
export type SlotCodeLoads = 'on-screen' | 'when-reached';

/** Height a slot reserves (px) while its remote loads or when it failed, so nothing below it jumps. */
export interface SlotReserve {
  base: number;
  md?: number;
  lg?: number;
}

/**
 * One remote section of a page, as the route table declares it. Names are plain strings here because this
 * package sits below the remotes; the federation package (federation/route-slots) checks every slot against
 * the remote's declared exposes and their props, so a wrong remote, module or prop fails the typecheck.
 */
export interface RouteSlotEntry {
  /** The remote's Module Federation name (mf_marketing, …). */
  remote: string;
  /** The exposed component the slot shows. */
  module: string;
  /** Space held while loading and on failure: the section's height measured at 375, 768 and 1280 px. */
  reserve: SlotReserve;
  tone?: SlotTone;
  /** Props known when the page is written. */
  props?: Readonly<Record<string, unknown>>;
  /** The prop that receives this environment's run-time config (runtime.json: API URL, EmailJS settings). */
  runtimeConfigProp?: string;
  /**
   * The section has controls that act only with its code: a form, a filter, a toggle. Its code loads and it
   * hydrates (near the view, reached for, or when the browser is idle); before that its prerendered HTML
   * reads completely and its links work, and while its code cannot be loaded the shell shows a small notice
   * beside it saying so.
   *
   * A section without this flag is static: on a page load its remote's code is never fetched, its prerendered
   * HTML is kept as it is (motion is CSS) and its links navigate through the shell's router. So it renders
   * nothing that needs code (no state, effect, class component or event handler but its links'):
   * each remote's src/exposes.test.ts (build-config's itNeedsCodeAsRouted) holds its slots to their flag, both
   * ways, so a team's change that breaks it fails in the team's own pipeline.
   */
  needsCode?: true;
  /** When a section that needs code loads it on a page load (see SlotCodeLoads); 'on-screen' when absent. */
  codeLoads?: SlotCodeLoads;
}
