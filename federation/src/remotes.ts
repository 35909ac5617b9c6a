/**
 * The remotes and what the shell imports from each. What the shell imports is read from the route table, so a
 * section added to a page needs no second list here; the names and contracts are in remote-names.ts.
 */
import { type RouteId, routes } from 'shared-content/site';
import { type RemoteName, remoteNames } from './remote-names.ts';

export { type RemoteContracts, type RemoteName, remoteNames } from './remote-names.ts';

type DeclaredSlot = (typeof routes)[RouteId]['slots'][number];

type ImportedModules = { [R in RemoteName]: Extract<DeclaredSlot, { remote: R }>['module'] };
/** The modules the shell imports from a remote: those some route's slot shows. */
export type ImportedModule<R extends RemoteName> = ImportedModules[R];

/** The exposes the shell uses, per remote; the contract check verifies each against the remote's built manifest. */
export const shellImports = importsOfRoutes();

function importsOfRoutes(): { [R in RemoteName]: readonly ImportedModule<R>[] } {
  const imports = new Map<string, Set<string>>(remoteNames.map((name) => [name, new Set()]));
  for (const route of Object.values(routes)) {
    for (const slot of route.slots) imports.get(slot.remote)?.add(slot.module);
  }
  // Each name was read from a slot of that remote, which is what ImportedModule<R> says at the type level.
  return Object.fromEntries(remoteNames.map((name) => [name, [...(imports.get(name) ?? [])]])) as unknown as {
    [R in RemoteName]: readonly ImportedModule<R>[];
  };
}
