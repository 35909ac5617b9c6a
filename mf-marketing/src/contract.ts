/**
 * mf_marketing's contract with the shell: the exposed names and the props of each exposed component.
 * The shell imports these types (workspace, offline) to typecheck its slots; the contract check compares
 * the names with the built mf-manifest.json before a release.
 */
import type { ComponentType } from 'react';

type NoProps = Record<string, never>;

export interface MarketingContract {
  Hero: ComponentType<NoProps>;
  ServicesPage: ComponentType<NoProps>;
  AboutPage: ComponentType<NoProps>;
  PrivacyPolicyPage: ComponentType<NoProps>;
  TermsPage: ComponentType<NoProps>;
}

export const exposeNames = [
  'Hero',
  'ServicesPage',
  'AboutPage',
  'PrivacyPolicyPage',
  'TermsPage',
] as const satisfies readonly (keyof MarketingContract)[];
