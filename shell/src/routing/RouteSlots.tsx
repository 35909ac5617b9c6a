import { routeSlots } from 'federation/route-slots';
import type { ComponentType } from 'react';
import type { RouteId } from 'shared-content/site';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';
import type { SlotReserve, SlotTone } from '../federation/slot-reserve.ts';

export interface RouteSlotsProps {
  /** A route whose slots need nothing from run-time files (the contact page has its own ContactRoute). */
  route: Exclude<RouteId, 'contact'>;
}

interface DeclaredSlotProps {
  remote: string;
  module: string;
  reserve: SlotReserve;
  tone?: SlotTone;
  props?: object;
}

// Each entry of routeSlots is typed against its remote's contract there; RemoteSlot's generics cannot follow
// a union of remotes and modules, so the rendering side sees the checked entries through this plain type.
const DeclaredSlot = RemoteSlot as unknown as ComponentType<DeclaredSlotProps>;

/** A route's remote slots, in the order of the route → slots table. */
export function RouteSlots({ route }: RouteSlotsProps) {
  return (
    <>
      {routeSlots[route].map((slot) => (
        <DeclaredSlot key={`${slot.remote}/${slot.module}`} {...slot} />
      ))}
    </>
  );
}
