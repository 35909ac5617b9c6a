/**
 * What the shell imports from which remote. The types come from each remote's declared exposes (a type-only
 * workspace import, offline: no remote code reaches the shell's bundle), so a slot with the wrong module name or
 * props fails the shell's typecheck.
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

export type ImportedModule<R extends RemoteName> = (typeof shellImports)[R][number];
