/**
 * The remotes and what the shell imports from each. The contract types come from each remote's declared exposes
 * (a type-only workspace import, offline: no remote code reaches the shell's bundle); what the shell imports is
 * read from the route table, so a section added to a page needs no second list here.
 */
import type { ContactContract } from 'mf-contact/exposes';
import type { MarketingContract } from 'mf-marketing/exposes';
import type { PortfolioContract } from 'mf-portfolio/exposes';
import { type RouteId, routes } from 'shared-content/site';

export interface RemoteContracts {
  mf_marketing: MarketingContract;
  mf_portfolio: PortfolioContract;
  mf_contact: ContactContract;
}

export type RemoteName = keyof RemoteContracts;

/** Every remote, in the order the tooling lists them (`satisfies` names a remote missing here or unknown). */
const listed = { mf_marketing: true, mf_portfolio: true, mf_contact: true } satisfies Record<
  RemoteName,
  true
>;
export const remoteNames = Object.keys(listed) as RemoteName[];

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
