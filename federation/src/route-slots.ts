/**
 * The route table's slots, checked. Each route is declared once, in shared-content's route table (path, aliases,
 * title, description and its remote slots); this module holds every slot to its remote's declared exposes, so a
 * wrong remote or module name, a prop the component does not take, a prop of the wrong type or a required prop
 * given neither on the page nor from run-time config fails the typecheck. The shell renders its routes from
 * `routeSlots` and the page generator (site-pages' src/pages/preload.ts) preloads from it, so the two can never
 * disagree. Data only: Node reads it too.
 */

import type { ExposedProps } from 'build-config/contract';
import { type RouteId, type RuntimeConfig, routes, type SlotCodeLoads } from 'shared-content/site';
import type { RemoteContracts, RemoteName } from './remotes.ts';

export type { SlotReserve, SlotTone } from 'shared-content/site';

type PropsOf<R extends RemoteName, M extends keyof RemoteContracts[R]> = ExposedProps<RemoteContracts[R], M>;

/** The props of a component that accept this environment's run-time config (runtime.json). */
type RuntimeConfigProp<P> = { [K in keyof P]-?: RuntimeConfig extends P[K] ? K : never }[keyof P];

/** One remote slot of a page, typed per remote and module. */
export type SlotDeclaration = {
  [R in RemoteName]: {
    [M in keyof RemoteContracts[R]]: {
      remote: R;
      module: M;
      reserve: { base: number; md?: number; lg?: number };
      tone?: 'light' | 'dark';
      props?: Partial<PropsOf<R, M>>;
      runtimeConfigProp?: RuntimeConfigProp<PropsOf<R, M>>;
      needsCode?: true;
      codeLoads?: SlotCodeLoads;
    };
  }[keyof RemoteContracts[R]];
}[RemoteName];

type RequiredKeys<P> = { [K in keyof P]-?: Record<string, never> extends Pick<P, K> ? never : K }[keyof P];
type GivenProps<S> =
  | (S extends { props: infer P } ? keyof P : never)
  | (S extends { runtimeConfigProp: infer K } ? K : never);
type SlotProps<S> = S extends { remote: infer R extends RemoteName; module: infer M }
  ? M extends keyof RemoteContracts[R]
    ? PropsOf<R, M>
    : never
  : never;

/**
 * A declared slot as the check wants it: itself when it is a valid slot that gives every required prop and no
 * other; otherwise a type that names what is wrong, so the typecheck's message says it.
 */
export type CheckedSlot<S> = S extends SlotDeclaration
  ? [Exclude<GivenProps<S>, keyof SlotProps<S>>] extends [never]
    ? [Exclude<RequiredKeys<SlotProps<S>>, GivenProps<S>>] extends [never]
      ? S
      : S & { missingProps: Exclude<RequiredKeys<SlotProps<S>>, GivenProps<S>> }
    : S & { strayProps: Exclude<GivenProps<S>, keyof SlotProps<S>> }
  : SlotDeclaration;

/** A route's slots checked one by one, in place (a tuple keeps each slot's own type). */
export type CheckedSlots<T extends readonly unknown[]> = { readonly [I in keyof T]: CheckedSlot<T[I]> };

type RouteSlotsOf<K extends RouteId> = (typeof routes)[K]['slots'];

const checkedRoutes: { readonly [K in RouteId]: { readonly slots: CheckedSlots<RouteSlotsOf<K>> } } = routes;

/** Each route's remote slots, in order, as the route table declares them. */
export const routeSlots = Object.fromEntries(
  Object.entries(checkedRoutes).map(([id, route]) => [id, route.slots]),
) as { readonly [K in RouteId]: RouteSlotsOf<K> };
