/**
 * What the shell imports from which remote. The types come from each remote's contract (a workspace
 * import, offline), so a slot with the wrong module name or props fails the shell's typecheck.
 */
import { type ContactContract, exposeNames as contactExposes } from 'mf-contact/contract';
import { type MarketingContract, exposeNames as marketingExposes } from 'mf-marketing/contract';
import { type PortfolioContract, exposeNames as portfolioExposes } from 'mf-portfolio/contract';

export interface RemoteContracts {
  mf_marketing: MarketingContract;
  mf_portfolio: PortfolioContract;
  mf_contact: ContactContract;
}

export type RemoteName = keyof RemoteContracts;

/** The exposes the shell uses; the contract check verifies each against the remote's built manifest. */
export const shellImports = {
  mf_marketing: [
    'Hero',
    'ServicesOverview',
    'AboutSection',
    'PricingSection',
    'TestimonialsSection',
    'ClientCarousel',
    'CallToActionBand',
    'ServicesPage',
    'AboutPage',
    'PrivacyPolicyPage',
    'TermsPage',
  ],
  mf_portfolio: ['PortfolioSection', 'ProcessSection', 'PortfolioPage', 'CategoriesPage'],
  mf_contact: ['ContactPage'],
} as const satisfies { [R in RemoteName]: readonly (keyof RemoteContracts[R])[] };

export const remoteNames = Object.keys(shellImports) as RemoteName[];

/** What each remote's contract.ts declares it exposes (the contract check holds its build to it). */
export const declaredExposes: Record<RemoteName, readonly string[]> = {
  mf_marketing: marketingExposes,
  mf_portfolio: portfolioExposes,
  mf_contact: contactExposes,
};

export type ImportedModule<R extends RemoteName> = (typeof shellImports)[R][number];
