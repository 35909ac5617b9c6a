import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { ExposedProps } from 'shared-content/contract';
import type { ImportedModule, RemoteContracts, RemoteName } from './imports.ts';
import { forgetFailedSlot, preparedSlot } from './prepared-slots.ts';
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

/**
 * The one way the shell mounts remote code: lazy load through the federation runtime, a placeholder that
 * reserves the space, and an error boundary whose Retry really loads the remote again. A slot prepared before
 * the first render (prepared-slots.ts) renders its module at once, or, if the prerendered page holds its
 * fallback, that fallback, and then loads the remote again in the browser.
 */
export function RemoteSlot<R extends RemoteName, M extends ImportedModule<R>>(
  slotProps: RemoteSlotProps<R, M>,
) {
  const { remote, module, reserve, tone = 'light', props, resolveProps } = slotProps;
  const [attempt, setAttempt] = useState(0);
  const slot = `${remote}/${module}`;
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const prepared = attempt === 0 ? preparedSlot(slot) : undefined;
  const preparedFailed = prepared?.state === 'failed';

  useEffect(() => {
    if (!preparedFailed) return;
    forgetFailedSlot(slot);
    retry();
  }, [preparedFailed, slot, retry]);

  const Loaded = useMemo(
    () =>
      // A prepared module is rendered directly (see below); only an unprepared slot loads lazily.
      lazy(async () => {
        const [exposed, resolved] = await Promise.all([
          loadExposedComponent(remote, module, attempt),
          resolveProps ? (resolveProps() as Promise<object>) : Promise.resolve({}),
        ]);
        const Exposed = exposed.default;
        return { default: (direct: object) => <Exposed {...resolved} {...direct} /> };
      }),
    // resolveProps runs once per attempt (a Retry runs it again); direct props flow on every render.
    [remote, module, attempt],
  );

  const fallback = <SlotFallback remote={remote} slot={slot} reserve={reserve} tone={tone} onRetry={retry} />;
  if (preparedFailed) return fallback;
  const Prepared = prepared?.state === 'loaded' ? prepared.component : null;

  return (
    <SlotErrorBoundary key={attempt} slot={slot} fallback={() => fallback}>
      <Suspense fallback={<SlotPlaceholder reserve={reserve} tone={tone} />}>
        {Prepared ? <Prepared {...(props ?? {})} /> : <Loaded {...(props ?? {})} />}
      </Suspense>
    </SlotErrorBoundary>
  );
}
