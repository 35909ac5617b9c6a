// Browser-safe (no Node APIs): the shell and the remotes' standalone pages bundle the helpers below.
import type { ComponentType } from 'react';

/**
 * What a remote promises the shell: for each exposed name, the props of its component. The shell's slots and
 * route table are typed against it, so a wrong module name or prop fails the shell's typecheck.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of each expose are given by each remote's declaration.
export type RemoteContract = Record<string, ComponentType<any>>;

/** The props of one exposed component of a contract. */
export type ExposedProps<C, K extends PropertyKey> = K extends keyof C
  ? C[K] extends ComponentType<infer P>
    ? P
    : never
  : never;

/**
 * One exposed module, declared once in the remote's src/exposes.ts: the file Module Federation exposes (relative
 * to src/) and its import, which types the contract and loads it on the standalone page. The module exports its
 * component under the expose's own name; each remote's exposes test checks that `load` imports `file`.
 */
export interface ExposeDeclaration<M = object> {
  file: string;
  load: () => Promise<M>;
  /**
   * Each set of props the shell renders it with (the route table's), as plain JSON: the remote's unit tests and
   * the release gates (platform/releases/src/release-gates/) render the expose once with each. None: once without props.
   */
  props?: readonly object[];
}

/** The props of the component a declaration's module exports under `K`. */
type DeclaredProps<D, K> = D extends { load: () => Promise<infer M> }
  ? K extends keyof M
    ? M[K] extends ComponentType<infer P>
      ? P
      : never
    : never
  : never;

/** Every expose of a remote, each module exporting a component named like its key. */
export type ExposeDeclarations<E> = {
  // biome-ignore lint/suspicious/noExplicitAny: any props; the contract keeps each component's own.
  [K in keyof E]: ExposeDeclaration<{ [N in K]: ComponentType<any> }>;
};

/** Each expose's declared props are props its component takes (checked apart, so E is inferred as written). */
type DeclaredPropsFit<E> = { [K in keyof E]: { props?: readonly DeclaredProps<E[K], K>[] } };

/** The props each expose is rendered with: its declared sets, or one set without props. */
export const declaredPropSets = (
  exposes: Record<string, Pick<ExposeDeclaration, 'file' | 'props'>>,
): Record<string, readonly object[]> =>
  Object.fromEntries(
    Object.entries(exposes).map(([name, { props }]) => [name, props && props.length > 0 ? props : [{}]]),
  );

/** Declares a remote's exposes, checking that each module exports a component under its expose's name. */
export const defineExposes = <E extends ExposeDeclarations<E>>(exposes: E & DeclaredPropsFit<E>): E =>
  exposes;

/** A component that declares no props takes none: passing it any is a type error, not silently ignored. */
type PropsGuarded<C> =
  C extends ComponentType<infer P> ? (keyof P extends never ? ComponentType<Record<string, never>> : C) : C;

/** A remote's contract, derived from its exposes: name → the component its module exports under that name. */
export type ContractOf<E> = {
  [K in keyof E]: E[K] extends ExposeDeclaration<infer M>
    ? K extends keyof M
      ? PropsGuarded<M[K]>
      : never
    : never;
};

/** Module Federation's `exposes` option: "./Name" → "./src/<file>". */
export const federationExposes = (exposes: Record<string, Pick<ExposeDeclaration, 'file'>>) =>
  Object.fromEntries(
    Object.entries(exposes).map(([name, { file }]) => [`./${name}`, `./src/${file.replace(/^\.\//, '')}`]),
  );

/** A function component, or a memo/forwardRef object. */
export function isComponent(value: unknown): value is ComponentType<object> {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * The component an exposed module holds: the export named like the expose, or, from a release built before
 * exposes were declared this way, its default export (so a rollback to such a release still runs).
 */
export function exposedComponent(module: unknown, name: string): unknown {
  if (typeof module !== 'object' || module === null) return undefined;
  const exports = module as Record<string, unknown>;
  return exports[name] ?? exports.default;
}

/** Loaders of each expose's component as a default export, as React.lazy and the standalone page take them. */
export function componentLoaders<E extends Record<string, ExposeDeclaration>>(
  exposes: E,
): { [K in keyof E]: () => Promise<{ default: ContractOf<E>[K] }> } {
  return Object.fromEntries(
    Object.entries(exposes).map(([name, { load }]) => [
      name,
      async () => ({ default: exposedComponent(await load(), name) }),
    ]),
  ) as { [K in keyof E]: () => Promise<{ default: ContractOf<E>[K] }> };
}
