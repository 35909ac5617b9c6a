/**
 * What each remote declares it exposes (its src/exposes.ts), for the tooling: the contract check holds a build
 * to it. Kept apart from remotes.ts because it imports the declarations themselves, whose loaders a browser
 * bundle would follow into the remotes' code; only Node reads this.
 */
import { exposes as contactExposes } from 'mf-contact/exposes';
import { exposes as marketingExposes } from 'mf-marketing/exposes';
import { exposes as portfolioExposes } from 'mf-portfolio/exposes';
import type { RemoteName } from './remotes.ts';

export const declaredExposes: Record<RemoteName, readonly string[]> = {
  mf_marketing: Object.keys(marketingExposes),
  mf_portfolio: Object.keys(portfolioExposes),
  mf_contact: Object.keys(contactExposes),
};
