import type { ExposedProps } from 'build-config/contract';
import type { ImportedModule, RemoteContracts, RemoteName } from 'federation/remotes';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { pageLoader } from '../early/page-loader-api.ts';
import { slotAttribute, slotLiveAttribute } from '../early/protocol.ts';
import { pageHydration, type TrackedSlot } from '../hydration/page-hydration.ts';
import { SlotContent } from '../hydration/SlotContent.tsx';
import { slotLoad } from '../hydration/slot-load.tsx';
import { isInView, watchSlot } from '../hydration/slot-triggers.ts';
import { usePageView } from '../telemetry/PageView.tsx';
import { watchPrerenderedContent } from '../telemetry/prerendered-content.ts';
import {
  countHydrationMismatch,
  countLoadFailure,
  countSlotError,
  countView,
} from '../telemetry/remote-health.ts';
import { forgetPreparedSlot, preparedSlot } from './prepared-slots.ts';
import { loadExposedComponent } from './remote-registry.ts';
import { SlotErrorBoundary } from './SlotErrorBoundary.tsx';
import { SlotFallback } from './SlotFallback.tsx';
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
} & SlotPropsInput<PropsOf<R, M>>;

const noProps = {};

/**
 * The one way the shell mounts remote code: a Suspense boundary whose code arrives later, an error boundary
 * whose Retry really loads the remote again, and a placeholder that reserves the space while a slot mounted by
 * client navigation loads. A slot prerendered into the page keeps its HTML and is hydrated when it is wanted
 * (near the viewport, reached for, or the browser idle: ../hydration/); a slot whose prerendered HTML is its
 * fallback renders that fallback, then loads the remote again.
 */
export function RemoteSlot<R extends RemoteName, M extends ImportedModule<R>>(
  slotProps: RemoteSlotProps<R, M>,
) {
  const { remote, module, reserve, tone = 'light', props, resolveProps } = slotProps;
  const slot = `${remote}/${module}`;
  // Read once: what the page's HTML holds for this slot. A later mount (client navigation) finds nothing.
  const [prepared] = useState(() => preparedSlot(slot));
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(prepared?.state === 'failed');
  const element = useRef<HTMLDivElement>(null);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((value) => value + 1);
  }, []);
  const deferred = attempt === 0 && prepared?.state === 'deferred';
  // The health beacons: once per remote in this page view, however many slots it has (../telemetry/).
  const view = usePageView();
  useEffect(() => countView(view, remote), [view, remote]);

  const load = useMemo(() => {
    // The prerenderer loaded the module before rendering: it renders at once.
    if (attempt === 0 && prepared?.state === 'loaded') return { Component: prepared.component, start() {} };
    const next = slotLoad(
      async () => {
        const [exposed, resolved] = await Promise.all([
          loadExposedComponent(remote, module, attempt),
          resolveProps ? (resolveProps() as Promise<object>) : Promise.resolve({}),
        ]);
        return { component: exposed.default, props: resolved };
      },
      (error) => {
        console.warn(`[shell] ${slot} failed: ${error instanceof Error ? error.message : String(error)}`);
        countLoadFailure(view, remote, error);
        setFailed(true);
        pageHydration.hydrateRemote(remote);
      },
    );
    // A slot with nothing prerendered to keep loads at once, as React.lazy would: from its first render.
    if (!deferred && !failed) next.start();
    return next;
    // resolveProps runs once per attempt (a Retry runs it again); direct props flow on every render.
  }, [remote, module, attempt]);

  // Tracked by the page, so the router, the interactive mark and idle hydration know where each slot is.
  const tracked = useRef<TrackedSlot | null>(null);
  // A prerendered slot's HTML, to tell once it is live whether React kept it or rendered the slot anew.
  const prerendered = useRef<(() => boolean) | null>(null);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const entry: TrackedSlot = {
      slot,
      phase: 'waiting',
      dehydrated: deferred,
      inViewAtStart: deferred && isInView(target),
      trigger: () => {
        if (entry.phase !== 'waiting') return;
        pageLoader()?.preloadSlot(slot);
        pageHydration.update(entry, { phase: 'loading' });
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
      ? watchSlot(target, { slot, loader: pageLoader(), onTrigger: entry.trigger })
      : () => undefined;
    return () => {
      stopWatching();
      untrack();
      tracked.current = null;
    };
  }, [slot, load, deferred, failed]);

  // The prerendered fallback is shown as it is, then the remote is loaded again at once (no click needed).
  useEffect(() => {
    if (attempt === 0 && prepared?.state === 'failed') retry();
  }, [attempt, prepared, retry]);

  // The slot answers input now: its content hydrated, or the shell's fallback replaced it. Input the page
  // loader held for it is performed.
  const settle = useCallback((phase: 'live' | 'failed') => {
    element.current?.setAttribute(slotLiveAttribute, '');
    if (tracked.current) pageHydration.update(tracked.current, { phase, dehydrated: false });
    if (element.current) pageLoader()?.partLive(element.current);
  }, []);
  const contentLive = useCallback(() => {
    if (prerendered.current?.()) countHydrationMismatch(view, remote);
    prerendered.current = null;
    settle('live');
  }, [settle, view, remote]);
  // A load that failed, or a component that threw while rendering (its error boundary shows the fallback).
  const fellBack = useCallback(() => {
    prerendered.current = null;
    settle('failed');
  }, [settle]);
  const caught = useCallback(
    (error: Error) => {
      countSlotError(view, remote, error);
      fellBack();
    },
    [view, remote, fellBack],
  );

  useEffect(() => {
    if (failed) fellBack();
  }, [failed, fellBack]);

  const fallback = <SlotFallback remote={remote} slot={slot} reserve={reserve} tone={tone} onRetry={retry} />;
  return (
    <div ref={element} {...{ [slotAttribute]: slot }}>
      {failed ? (
        fallback
      ) : (
        <SlotErrorBoundary key={attempt} slot={slot} fallback={() => fallback} onError={caught}>
          <Suspense fallback={<SlotPlaceholder reserve={reserve} tone={tone} />}>
            <SlotContent component={load.Component} props={props ?? noProps} onLive={contentLive} />
          </Suspense>
        </SlotErrorBoundary>
      )}
    </div>
  );
}
