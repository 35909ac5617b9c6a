/**
 * The remotes by name, and the contract each promises. Apart from the route table (remotes.ts reads it for what
 * the shell imports): the remote map's parser needs the names alone, and what imports it (the enquiry API, the
 * page loader, nginx's njs) should not be built from the routes. The contract types come from each remote's
 * declared exposes (a type-only workspace import, offline: no remote code reaches the shell's bundle).
 */
import type { ContactContract } from 'mf-contact/exposes';
import type { MarketingContract } from 'mf-marketing/exposes';
import type { PortfolioContract } from 'mf-portfolio/exposes';

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
