import type { ExposedProps } from 'build-config/contract';
import type { ImportedModule, RemoteContracts, RemoteName } from 'federation/remotes';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageLoader } from '../early/page-loader-api.ts';
import {
  slotAttribute,
  slotLiveAttribute,
  slotStaticAttribute,
  slotWhenReachedAttribute,
} from '../early/protocol.ts';
import { pageHydration, type TrackedSlot } from '../hydration/page-hydration.ts';
import { SlotContent } from '../hydration/SlotContent.tsx';
import { afterSearchRestored } from '../hydration/search-restore.ts';
import { slotLoad } from '../hydration/slot-load.tsx';
import { isInView, watchSlot } from '../hydration/slot-triggers.ts';
import { watchPrerenderedContent } from '../telemetry/prerendered-content.ts';
import { caughtFallbackReason, loadFallbackReason } from './fallback-reason.ts';
import { usePageView } from './PageView.tsx';
import { forgetPreparedSlot, preparedSlot } from './prepared-slots.ts';
import { countHydrationMismatch, countLoadFailure, countSlotError, countView } from './remote-health.ts';
import { backgroundRetry, loadExposedComponent } from './remote-registry.ts';
import { SlotErrorBoundary } from './SlotErrorBoundary.tsx';
import { type FallbackReason, SlotFallback } from './SlotFallback.tsx';
import { SlotNotice } from './SlotNotice.tsx';
import { SlotPlaceholder, type SlotTone } from './SlotPlaceholder.tsx';
import type { SlotReserve } from './slot-reserve.ts';

type PropsOf<R extends RemoteName, M extends ImportedModule<R>> = ExposedProps<RemoteContracts[R], M>;

/** Props are given directly, or resolved asynchronously (e.g. from runtime.json) together with the module. */
type SlotPropsInput<P> =
  Record<string, never> extends P
    ? { props?: P; resolveProps?: never }
    : { props: P; resolveProps?: never } | { props?: never; resolveProps: () => Promise<P> };

export type RemoteSlotProps<R extends RemoteName, M extends ImportedModule<R>> = {
  remote: R;
  module: M;
  /** Space held while loading and on failure. */
  reserve: SlotReserve;
  /** 'dark' for a slot that opens the page under the transparent header. */
  tone?: SlotTone;
  /** The section acts only with its code (a form, a filter): the route table's `needsCode`. */
  needsCode?: boolean;
  /**
   * When a prerendered slot's code loads: 'on-screen' (the default) at once when it is on screen at the start,
   * else when it comes near; 'when-reached' only when the visitor reaches for it or the browser is idle, on
   * screen or not (the route table's `codeLoads`). A slot with nothing prerendered loads at once either way.
   */
  codeLoads?: 'on-screen' | 'when-reached';
} & SlotPropsInput<PropsOf<R, M>>;

const noProps = {};

/**
 * The one way the shell mounts remote code: a Suspense boundary whose code arrives later, an error boundary
 * whose Retry really loads the remote again, and a placeholder that reserves the space while a slot mounted by
 * client navigation loads. A slot prerendered into the page keeps its HTML and is hydrated when it is wanted
 * (near the viewport unless its code waits to be reached for, reached for, or the browser idle: ../hydration/);
 * a slot whose prerendered HTML is its fallback renders that fallback, then loads the remote again.
 *
 * A failure to load its code never takes a prerendered slot's HTML away: its boundary stays suspended (React
 * keeps dehydrated HTML while it waits), its links navigate without code, and its code is tried again in the
 * background (background-retry.ts) until it arrives and hydrates as usual. Input the page loader held for it
 * stays held until then. A slot that needs its code to act (`needsCode`) shows a notice beside it meanwhile.
 * Only a slot with nothing prerendered (client navigation) shows the fallback for a failed load, and any slot
 * whose component throws shows it too, saying so.
 */
export function RemoteSlot<R extends RemoteName, M extends ImportedModule<R>>(
  slotProps: RemoteSlotProps<R, M>,
) {
  const { remote, module, reserve, tone = 'light', needsCode = false, props, resolveProps } = slotProps;
  const whenReached = slotProps.codeLoads === 'when-reached';
  const slot = `${remote}/${module}`;
  // Read once: what the page's HTML holds for this slot. A later mount (client navigation) finds nothing.
  const [prepared] = useState(() => preparedSlot(slot));
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState<FallbackReason | null>(prepared?.state === 'failed' ? 'load' : null);
  // A prerendered slot whose code could not be loaded yet: its HTML stays, and the code is tried again.
  const [waitingForCode, setWaitingForCode] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const retry = useCallback(() => {
    setFailed(null);
    setAttempt((value) => value + 1);
  }, []);
  const deferred = attempt === 0 && prepared?.state === 'deferred';
  // The health beacons: once per remote in this page view, however many slots it has (../telemetry/).
  const view = usePageView();
  useEffect(() => countView(view, remote), [view, remote]);

  // Tracked by the page, so the router, the interactive mark and idle hydration know where each slot is.
  const tracked = useRef<TrackedSlot | null>(null);

  const load = useMemo(() => {
    // The prerenderer loaded the module before rendering: it renders at once.
    if (attempt === 0 && prepared?.state === 'loaded')
      return { Component: prepared.component, start() {}, stop() {}, resume() {} };
    const loadOnce = async (tries: number) => {
      const [exposed, resolved] = await Promise.all([
        loadExposedComponent(remote, module, tries),
        resolveProps ? (resolveProps() as Promise<object>) : Promise.resolve({}),
      ]);
      return { component: exposed.default, props: resolved };
    };
    const warn = (error: unknown) =>
      console.warn(`[shell] ${slot} failed: ${error instanceof Error ? error.message : String(error)}`);
    const next = slotLoad(
      deferred
        ? (stopped) =>
            loadKeepingContent(remote, loadOnce, stopped, (error) => {
              warn(error);
              countLoadFailure(view, remote, error);
              if (tracked.current) pageHydration.update(tracked.current, { phase: 'unavailable' });
              setWaitingForCode(true);
            })
        : () => loadOnce(attempt),
      (error) => {
        warn(error);
        countLoadFailure(view, remote, error);
        setFailed(loadFallbackReason(error));
        pageHydration.hydrateRemote(remote);
      },
    );
    // A slot with nothing prerendered to keep loads at once, as React.lazy would: from its first render.
    if (!deferred && !failed) next.start();
    return next;
    // resolveProps runs once per attempt (a Retry runs it again); direct props flow on every render.
  }, [remote, module, attempt]);
  // A slot unmounted (a client navigation away) stops trying in the background.
  useEffect(() => {
    load.resume();
    return () => load.stop();
  }, [load]);

  // A prerendered slot's HTML, to tell once it is live whether React kept it or rendered the slot anew.
  const prerendered = useRef<(() => boolean) | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const entry: TrackedSlot = {
      slot,
      phase: 'waiting',
      dehydrated: deferred,
      // A slot whose code waits to be reached for does not hold back the page's interactive mark or idle
      // hydration: it reads as it is, and input on it is held by the page loader and performed once it is live.
      inViewAtStart: deferred && !whenReached && isInView(target),
      trigger: (why) => {
        if (entry.phase !== 'waiting') return;
        pageLoader()?.preloadSlot(slot);
        pageHydration.update(entry, { phase: 'loading' }, why);
        load.start();
      },
    };
    tracked.current = entry;
    if (deferred) prerendered.current ??= watchPrerenderedContent(target);
    const untrack = pageHydration.track(entry);
    forgetPreparedSlot(slot);
    if (failed) pageHydration.update(entry, { phase: 'failed', dehydrated: false });
    // On screen now: loaded at once, not at the observer's first report. A visitor scrolling while the shell
    // hydrates can take the slot out of view before that report, and idle hydration waits for these slots.
    else if (!deferred || entry.inViewAtStart) entry.trigger();
    const stopWatching = deferred
      ? watchSlot(target, {
          slot,
          loader: pageLoader(),
          nearViewport: !whenReached,
          onTrigger: entry.trigger,
        })
      : () => undefined;
    return () => {
      stopWatching();
      untrack();
      tracked.current = null;
    };
  }, [slot, load, deferred, failed, whenReached]);

  // The prerendered fallback is shown as it is, then the remote is loaded again at once (no click needed).
  useEffect(() => {
    if (attempt === 0 && prepared?.state === 'failed') retry();
  }, [attempt, prepared, retry]);

  // The slot answers input now: its content hydrated, or the shell's fallback replaced it. Input the page
  // loader held for it is performed.
  const settle = useCallback((phase: 'live' | 'failed', why?: string) => {
    element.current?.setAttribute(slotLiveAttribute, '');
    if (tracked.current) pageHydration.update(tracked.current, { phase, dehydrated: false }, why);
    const part = element.current;
    if (part) afterSearchRestored(() => pageLoader()?.partLive(part));
  }, []);
  const contentLive = useCallback(() => {
    if (prerendered.current?.()) countHydrationMismatch(view, remote);
    prerendered.current = null;
    setWaitingForCode(false);
    settle('live');
  }, [settle, view, remote]);
  // A load that failed, or a component that threw while rendering (its error boundary shows the fallback).
  const fellBack = useCallback(
    (why: FallbackReason) => {
      prerendered.current = null;
      settle('failed', why);
    },
    [settle],
  );
  const caught = useCallback(
    (error: Error) => {
      countSlotError(view, remote, error);
      setWaitingForCode(false);
      fellBack(caughtFallbackReason(error));
    },
    [view, remote, fellBack],
  );

  useEffect(() => {
    if (failed) fellBack(failed);
  }, [failed, fellBack]);

  const contentProps = props ?? noProps;
  // The same element while the slot waits for its code, so that showing the notice beside it re-renders
  // nothing inside: React gives up dehydrated HTML whose boundary receives new props before it could hydrate.
  const content = useMemo(() => {
    const fallbackFor = (reason: FallbackReason) => (
      <SlotFallback
        remote={remote}
        slot={slot}
        reserve={reserve}
        tone={tone}
        reason={reason}
        onRetry={retry}
      />
    );
    if (failed) return fallbackFor(failed);
    return (
      <SlotErrorBoundary
        key={attempt}
        slot={slot}
        fallback={(error) => fallbackFor(caughtFallbackReason(error))}
        onError={caught}
      >
        <Suspense fallback={<SlotPlaceholder reserve={reserve} tone={tone} />}>
          <SlotContent component={load.Component} props={contentProps} onLive={contentLive} />
        </Suspense>
      </SlotErrorBoundary>
    );
  }, [failed, attempt, remote, slot, reserve, tone, retry, caught, load, contentProps, contentLive]);

  return (
    <div
      ref={element}
      {...{ [slotAttribute]: slot }}
      {...(needsCode ? {} : { [slotStaticAttribute]: '' })}
      {...(whenReached ? { [slotWhenReachedAttribute]: '' } : {})}
    >
      {content}
      {waitingForCode && needsCode ? <SlotNotice remote={remote} slot={slot} /> : null}
    </div>
  );
}

/**
 * Loads a prerendered slot's code until it arrives: each round is the usual tries (retryPolicy), and after a
 * failed round `onUnavailable` is told and the next round waits for the remote's background schedule. Later
 * rounds load as a Retry does (remotes.json read again, the remote registered again once per round). Never
 * rejects, so React keeps the slot's HTML however long it takes.
 */
async function loadKeepingContent<T>(
  remote: RemoteName,
  loadOnce: (tries: number) => Promise<T>,
  stopped: () => boolean,
  onUnavailable: (error: unknown) => void,
): Promise<T> {
  for (let round = 0; ; round += 1) {
    try {
      const loaded = await loadOnce(round);
      backgroundRetry.succeeded(remote);
      return loaded;
    } catch (error) {
      if (stopped()) return new Promise<T>(() => undefined);
      onUnavailable(error);
      await backgroundRetry.nextRound(remote);
      if (stopped()) return new Promise<T>(() => undefined);
    }
  }
}
