/**
 * The page's remote slots and how far each has come: one object for the whole page, so the router, the
 * interactive mark and the idle scheduler ask one place. A slot that arrived prerendered is *dehydrated* until
 * its code has loaded and React has taken over its HTML (or it has fallen back); see RemoteSlot.
 */

/**
 * `unavailable`: a prerendered slot whose code could not be loaded. Its HTML stays (readable, its links
 * work) and stays dehydrated while its code is tried again in the background; it counts as settled, so the
 * page's marks and idle hydration go on without it, and it becomes live once its code arrives.
 */
export type SlotPhase = 'waiting' | 'loading' | 'live' | 'failed' | 'unavailable';

export interface TrackedSlot {
  /** "remote/Module". */
  readonly slot: string;
  phase: SlotPhase;
  /** Prerendered HTML that React has not taken over yet (a slot mounted by client navigation never is). */
  dehydrated: boolean;
  /** On screen when the page was opened: these make the page interactive for the visitor. */
  readonly inViewAtStart: boolean;
  /** Starts loading the slot's code now (a no-op once started); `why` is kept in the slot's steps. */
  readonly trigger: (why?: string) => void;
  /** The phases it went through, kept by PageHydration for a team's in-page panel (../devtools/). */
  steps?: SlotStep[];
}

/**
 * One step of a slot's way: the phase it entered, when (the page's clock, ms), and why, where the step knows it,
 * as a code the panel words (shared-content/site/devtools): a trigger (slot-triggers.ts's reasons) or a
 * fallback's reason (`network`, `load`, `render`). Codes, not sentences, and only those already at hand: this
 * runs in every visitor's page (each byte shows in the bench), the words only in the panel's chunk.
 */
export interface SlotStep {
  phase: SlotPhase;
  at: number;
  why?: string;
}

const settledPhases: readonly SlotPhase[] = ['live', 'failed', 'unavailable'];
export const isSettled = (slot: Pick<TrackedSlot, 'phase'>) => settledPhases.includes(slot.phase);

export class PageHydration {
  private readonly slots: TrackedSlot[] = [];
  private readonly listeners = new Set<() => void>();
  private shellHydrated = false;

  /**
   * The shell's hydration has committed: every slot of the prerendered page is tracked from now on. Until then
   * the list is empty or partial (on a slow phone the load event can come seconds before that commit), so it
   * says nothing about the page yet.
   */
  markShellHydrated() {
    this.shellHydrated = true;
    this.changed();
  }

  isShellHydrated(): boolean {
    return this.shellHydrated;
  }

  /** Tracks a mounted slot; returns the function that stops tracking it (on unmount). */
  track(slot: TrackedSlot): () => void {
    this.slots.push(slot);
    slot.steps = [{ phase: slot.phase, at: performance.now() }];
    this.changed();
    return () => {
      const index = this.slots.indexOf(slot);
      if (index !== -1) this.slots.splice(index, 1);
      this.changed();
    };
  }

  /** Changes a slot's phase or state; `why` says what made it so (a trigger, a fallback), for its steps. */
  update(slot: TrackedSlot, change: Partial<Pick<TrackedSlot, 'phase' | 'dehydrated'>>, why?: string) {
    if (change.phase && change.phase !== slot.phase)
      slot.steps?.push({ phase: change.phase, at: performance.now(), why });
    Object.assign(slot, change);
    this.changed();
  }

  /** Slots in page order (the order they mounted). */
  all(): readonly TrackedSlot[] {
    return this.slots;
  }

  hasDehydrated(): boolean {
    return this.slots.some((slot) => slot.dehydrated);
  }

  /**
   * True once every slot that was on screen at the start answers input, has fallen back, or keeps its
   * prerendered HTML because its code could not be loaded.
   */
  inViewSettled(): boolean {
    return this.slots.every((slot) => !slot.inViewAtStart || isSettled(slot));
  }

  allSettled(): boolean {
    return this.slots.every(isSettled);
  }

  /** Calls back on every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once `done` holds, checking now and after every change. */
  when(done: (hydration: PageHydration) => boolean): Promise<void> {
    return new Promise((resolve) => {
      if (done(this)) return resolve();
      const stop = this.subscribe(() => {
        if (!done(this)) return;
        stop();
        resolve();
      });
    });
  }

  /**
   * A remote failed to load for one slot: its other dehydrated slots load now too, so that they all fall back
   * together (and come back together with one Retry) instead of one by one as the visitor scrolls.
   */
  hydrateRemote(remote: string) {
    for (const slot of this.slots) if (slot.dehydrated && slot.slot.startsWith(`${remote}/`)) slot.trigger();
  }

  /** Loads every dehydrated slot now and resolves once none is left (each hydrated or fallen back). */
  hydrateAll(): Promise<void> {
    for (const slot of this.slots) if (slot.dehydrated) slot.trigger();
    return this.when((hydration) => !hydration.hasDehydrated());
  }

  private changed() {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The page's one instance in the browser. */
export const pageHydration = new PageHydration();
