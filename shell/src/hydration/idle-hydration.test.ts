import { describe, expect, it, vi } from 'vitest';
import { hydrateWhenIdle, type IdleEnvironment } from './idle-hydration.ts';
import { PageHydration, type TrackedSlot } from './page-hydration.ts';

/**
 * A page of slots whose triggers only record the order they were called in. They are tracked and the shell
 * marked hydrated at once, or, with `shellHydrated: false`, when the test calls `hydrateShell`.
 */
function pageOf(names: string[], inView: string[] = [], { shellHydrated = true } = {}) {
  const hydration = new PageHydration();
  const triggered: string[] = [];
  const slots = names.map((name) => {
    const slot: TrackedSlot = {
      slot: name,
      phase: 'waiting',
      dehydrated: true,
      inViewAtStart: inView.includes(name),
      trigger: () => {
        triggered.push(name);
        hydration.update(slot, { phase: 'loading' });
      },
    };
    return slot;
  });
  const hydrateShell = () => {
    for (const slot of slots) hydration.track(slot);
    hydration.markShellHydrated();
  };
  if (shellHydrated) hydrateShell();
  const live = (name: string) => {
    const slot = slots.find((candidate) => candidate.slot === name);
    if (slot) hydration.update(slot, { phase: 'live', dehydrated: false });
  };
  return { hydration, triggered, live, slots, hydrateShell };
}

/** An environment the test steps through: load, idle periods and waits happen when the test says. */
function steppedEnvironment() {
  let onLoad: () => void = () => undefined;
  const loaded = new Promise<void>((resolve) => {
    onLoad = resolve;
  });
  const idle: Array<() => void> = [];
  const waits: Array<() => void> = [];
  const env: IdleEnvironment = {
    loaded: () => loaded,
    requestIdle: (callback) => idle.push(callback),
    wait: () => new Promise((resolve) => waits.push(resolve)),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    env,
    load: async () => {
      onLoad();
      await settle();
    },
    idle: async () => {
      await settle();
      idle.shift()?.();
      await settle();
    },
    quietPassed: async () => {
      await settle();
      waits.shift()?.();
      await settle();
    },
    pendingIdle: () => idle.length,
  };
}

describe('hydration when the browser is idle', () => {
  it('waits for the load event, the slots on screen and a quiet moment, then goes one slot at a time in page order', async () => {
    const page = pageOf(['Hero', 'Services', 'Pricing'], ['Hero']);
    const step = steppedEnvironment();
    const done = hydrateWhenIdle(page.hydration, step.env, 1000);
    page.slots[0]?.trigger();
    await step.load();
    expect(step.pendingIdle()).toBe(0);
    page.live('Hero');
    await step.quietPassed();
    expect(step.pendingIdle()).toBe(1);
    await step.idle();
    expect(page.triggered).toEqual(['Hero', 'Services']);
    // The next slot waits until this one is live.
    expect(step.pendingIdle()).toBe(0);
    page.live('Services');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await step.idle();
    expect(page.triggered).toEqual(['Hero', 'Services', 'Pricing']);
    page.live('Pricing');
    await expect(done).resolves.toBeUndefined();
  });

  it('skips slots already hydrated because they were scrolled to or touched', async () => {
    const page = pageOf(['Hero', 'Services', 'Pricing']);
    const step = steppedEnvironment();
    const done = hydrateWhenIdle(page.hydration, step.env, 1000);
    page.slots[1]?.trigger();
    page.live('Services');
    await step.load();
    await step.quietPassed();
    await step.idle();
    page.live('Hero');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await step.idle();
    page.live('Pricing');
    await done;
    expect(page.triggered).toEqual(['Services', 'Hero', 'Pricing']);
  });

  it('waits for the shell to hydrate, however late after the load event that is, before looking for slots', async () => {
    const page = pageOf(['Hero', 'Services'], ['Hero'], { shellHydrated: false });
    const step = steppedEnvironment();
    const done = hydrateWhenIdle(page.hydration, step.env, 1000);
    await step.load();
    await step.quietPassed();
    // No slot is tracked yet: the scheduler neither asks for idle time nor finishes.
    expect(step.pendingIdle()).toBe(0);
    const finished = vi.fn();
    void done.then(finished);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).not.toHaveBeenCalled();
    page.hydrateShell();
    page.slots[0]?.trigger();
    page.live('Hero');
    await step.quietPassed();
    await step.idle();
    expect(page.triggered).toEqual(['Hero', 'Services']);
    page.live('Services');
    await done;
  });

  it('starts the quiet wait again when something starts loading during it', async () => {
    const page = pageOf(['Hero', 'Services']);
    const step = steppedEnvironment();
    void hydrateWhenIdle(page.hydration, step.env, 1000);
    await step.load();
    page.slots[0]?.trigger();
    await step.quietPassed();
    expect(step.pendingIdle()).toBe(0);
    page.live('Hero');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await step.quietPassed();
    expect(step.pendingIdle()).toBe(1);
  });
});

describe('the page’s slots', () => {
  it('hydrateAll loads every dehydrated slot at once and resolves when none is left', async () => {
    const page = pageOf(['Hero', 'Services']);
    const resolved = vi.fn();
    void page.hydration.hydrateAll().then(resolved);
    expect(page.triggered).toEqual(['Hero', 'Services']);
    page.live('Hero');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resolved).not.toHaveBeenCalled();
    page.live('Services');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resolved).toHaveBeenCalled();
  });

  it('hydrateRemote loads the other dehydrated slots of a remote that failed, and no other remote’s', () => {
    const page = pageOf(['mf_marketing/Hero', 'mf_portfolio/Process', 'mf_marketing/Pricing']);
    page.hydration.hydrateRemote('mf_marketing');
    expect(page.triggered).toEqual(['mf_marketing/Hero', 'mf_marketing/Pricing']);
  });

  it('knows when what was on screen is settled and when everything is', () => {
    const page = pageOf(['Hero', 'Services'], ['Hero']);
    expect(page.hydration.inViewSettled()).toBe(false);
    page.live('Hero');
    expect(page.hydration.inViewSettled()).toBe(true);
    expect(page.hydration.allSettled()).toBe(false);
    page.live('Services');
    expect(page.hydration.allSettled()).toBe(true);
  });
});
