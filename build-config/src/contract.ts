import type { ComponentType } from 'react';

/**
 * What a remote promises the shell: for each exposed name, the props of its default-exported component.
 * The shell's slot is typed against this, and the remote's own loaders must satisfy it.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of each expose are given by each remote's contract.
export type RemoteContract = Record<string, ComponentType<any>>;

/** The loader map a remote must provide for its contract (used by its showcase and the one-bundle build). */
export type ContractLoaders<C extends { [K in keyof C]: RemoteContract[string] }> = {
  [K in keyof C]: () => Promise<{ default: C[K] }>;
};

/** The props of one exposed component of a contract. */
export type ExposedProps<C, K extends PropertyKey> = K extends keyof C
  ? C[K] extends ComponentType<infer P>
    ? P
    : never
  : never;
