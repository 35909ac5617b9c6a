import type { RemoteName } from 'federation/remotes';
import { routeSlots } from 'federation/route-slots';
import { type ComponentType, useEffect, useState } from 'react';
import type { RouteId, RouteSlotEntry } from 'shared-content/site';
import { loadedRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config.ts';
import { PageView } from '../federation/PageView.tsx';
import { forgetPreparedSlot, preparedSlot, slotKey } from '../federation/prepared-slots.ts';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';
import { StaticSlot } from '../federation/StaticSlot.tsx';
import type { SlotReserve, SlotTone } from '../federation/slot-reserve.ts';

export interface RouteSlotsProps {
  route: RouteId;
}

interface DeclaredSlotProps {
  remote: string;
  module: string;
  reserve: SlotReserve;
  tone?: SlotTone;
  props?: object;
  resolveProps?: () => Promise<object>;
  needsCode?: boolean;
  codeLoads?: 'on-screen' | 'when-reached';
}

// Each entry of routeSlots is typed against its remote's contract there; RemoteSlot's generics cannot follow
// a union of remotes and modules, so the rendering side sees the checked entries through this plain type.
const DeclaredSlot = RemoteSlot as unknown as ComponentType<DeclaredSlotProps>;

/**
 * A slot's props: those the route table gives, plus this environment's runtime.json for the prop that takes it.
 * Prepared for the first render (prepare-route.ts), the config is passed as it is; otherwise it loads with the
 * module.
 */
function slotProps({
  props,
  runtimeConfigProp,
}: RouteSlotEntry): Pick<DeclaredSlotProps, 'props' | 'resolveProps'> {
  if (!runtimeConfigProp) return { props };
  const runtimeConfig = loadedRuntimeConfig();
  if (runtimeConfig) return { props: { ...props, [runtimeConfigProp]: runtimeConfig } };
  return { resolveProps: async () => ({ ...props, [runtimeConfigProp]: await loadRuntimeConfig() }) };
}

/**
 * One slot of the route: the prerendered HTML of a section that needs no code, kept as it is on the page it was
 * loaded with (StaticSlot), or the remote's component (RemoteSlot). Decided once per mount: the page's HTML
 * speaks only for the first render, and a later mount (a client navigation back) renders the remote's code.
 */
function RouteSlot({ slot }: { slot: RouteSlotEntry }) {
  const key = slotKey(slot.remote, slot.module);
  const [kept] = useState(() => {
    const prepared = preparedSlot(key);
    return prepared?.state === 'static' ? prepared.html : null;
  });
  useEffect(() => {
    if (kept !== null) forgetPreparedSlot(key);
  }, [kept, key]);
  if (kept !== null) return <StaticSlot remote={slot.remote as RemoteName} slot={key} html={kept} />;
  return (
    <DeclaredSlot
      remote={slot.remote}
      module={slot.module}
      reserve={slot.reserve}
      tone={slot.tone}
      needsCode={slot.needsCode}
      codeLoads={slot.codeLoads}
      {...slotProps(slot)}
    />
  );
}

/**
 * A route's remote slots, in the order of the route table: one page view for the health beacons, counted
 * afresh on each navigation to the route (AppRoutes keys this by the route).
 */
export function RouteSlots({ route }: RouteSlotsProps) {
  return (
    <PageView>
      {routeSlots[route].map((slot: RouteSlotEntry) => (
        <RouteSlot key={slotKey(slot.remote, slot.module)} slot={slot} />
      ))}
    </PageView>
  );
}
