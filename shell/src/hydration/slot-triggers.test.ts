import { describe, expect, it, vi } from 'vitest';
import type { PageLoader } from '../early/page-loader-api.ts';
import { nearViewportMargin, watchSlot } from './slot-triggers.ts';

/** An IntersectionObserver the test drives: `intersect(true)` reports the slot near the viewport. */
function fakeObserver() {
  let callback: IntersectionObserverCallback = () => undefined;
  const options: { rootMargin?: string } = {};
  const disconnect = vi.fn();
  class Observer {
    constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
      callback = cb;
      options.rootMargin = init?.rootMargin;
    }
    observe() {}
    disconnect = disconnect;
  }
  const intersect = (isIntersecting: boolean) =>
    callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  return { Observer: Observer as unknown as typeof IntersectionObserver, intersect, options, disconnect };
}

function fakeLoader(initiallyWanted: string[] = []) {
  const listeners = new Set<(slot: string) => void>();
  const loader: PageLoader = {
    wantedSlots: () => initiallyWanted,
    onWanted: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preloadSlot: () => undefined,
    partLive: () => undefined,
    takeOverDrawer: () => false,
  };
  const want = (slot: string) => {
    for (const listener of [...listeners]) listener(slot);
  };
  return { loader, want, listeners };
}

const slot = 'mf_marketing/Pricing';

describe('when a prerendered slot’s code is loaded', () => {
  it('when it comes near the viewport (not before), once', () => {
    const element = document.createElement('div');
    const observer = fakeObserver();
    const onTrigger = vi.fn();
    watchSlot(element, { slot, onTrigger, IntersectionObserver: observer.Observer });
    expect(observer.options.rootMargin).toBe(nearViewportMargin);
    observer.intersect(false);
    expect(onTrigger).not.toHaveBeenCalled();
    observer.intersect(true);
    observer.intersect(true);
    expect(onTrigger).toHaveBeenCalledTimes(1);
    expect(onTrigger).toHaveBeenCalledWith('near-viewport');
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('not for being near the viewport when it waits to be reached for (nearViewport false), but when reached for or wanted', () => {
    const element = document.body.appendChild(document.createElement('div'));
    const observer = fakeObserver();
    const onTrigger = vi.fn();
    watchSlot(element, { slot, onTrigger, nearViewport: false, IntersectionObserver: observer.Observer });
    observer.intersect(true);
    expect(onTrigger).not.toHaveBeenCalled();
    element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(onTrigger).toHaveBeenCalledWith('interaction');
    element.remove();

    const wanted = vi.fn();
    const { loader, want } = fakeLoader();
    watchSlot(document.createElement('div'), { slot, onTrigger: wanted, loader, nearViewport: false });
    want(slot);
    expect(wanted).toHaveBeenCalledWith('interaction');
  });

  it('when the visitor reaches for it: a pointer, focus, a key or typing inside it', () => {
    for (const type of ['pointerdown', 'focusin', 'keydown', 'input']) {
      const element = document.body.appendChild(document.createElement('div'));
      const inner = element.appendChild(document.createElement('button'));
      const onTrigger = vi.fn();
      const stop = watchSlot(element, { slot, onTrigger, IntersectionObserver: fakeObserver().Observer });
      inner.dispatchEvent(new Event(type, { bubbles: true }));
      expect(onTrigger, type).toHaveBeenCalledWith('interaction');
      stop();
      element.remove();
    }
  });

  it('when reached for even though the page stops the event on its way to the slot (React does, at its root, for HTML it has not hydrated yet)', () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.addEventListener('focusin', (event) => event.stopPropagation(), { capture: true });
    const element = root.appendChild(document.createElement('div'));
    const field = element.appendChild(document.createElement('input'));
    const outside = root.appendChild(document.createElement('input'));
    const onTrigger = vi.fn();
    const stop = watchSlot(element, { slot, onTrigger, IntersectionObserver: fakeObserver().Observer });
    outside.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(onTrigger).not.toHaveBeenCalled();
    field.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(onTrigger).toHaveBeenCalledWith('interaction');
    stop();
    root.remove();
  });

  it('at once when the visitor tapped it before the shell was live, or as soon as the page loader says so', () => {
    const early = vi.fn();
    watchSlot(document.createElement('div'), {
      slot,
      onTrigger: early,
      loader: fakeLoader([slot]).loader,
      IntersectionObserver: fakeObserver().Observer,
    });
    expect(early).toHaveBeenCalledWith('interaction');

    const later = vi.fn();
    const { loader, want, listeners } = fakeLoader();
    watchSlot(document.createElement('div'), {
      slot,
      onTrigger: later,
      loader,
      IntersectionObserver: fakeObserver().Observer,
    });
    want('mf_marketing/Hero');
    expect(later).not.toHaveBeenCalled();
    want(slot);
    expect(later).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('never, once the slot stopped being watched (unmounted)', () => {
    const element = document.body.appendChild(document.createElement('div'));
    const observer = fakeObserver();
    const onTrigger = vi.fn();
    const stop = watchSlot(element, { slot, onTrigger, IntersectionObserver: observer.Observer });
    stop();
    observer.intersect(true);
    element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(onTrigger).not.toHaveBeenCalled();
  });
});
