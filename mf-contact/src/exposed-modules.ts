import type { ContractLoaders } from 'build-config/contract';
import type { ContactContract } from './contract.ts';

/** Loaders of every exposed module: the showcase renders them, the one-bundle build imports them. */
export const exposedModules = {
  ContactPage: () => import('./exposes/ContactPage.tsx'),
} satisfies ContractLoaders<ContactContract>;
