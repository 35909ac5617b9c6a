// Rsbuild's asset and webpackContext types, for every package whose typecheck follows this file into the
// remote's modules (the shell, the federation package, the tooling): the contract is derived from them.
/// <reference types="@rsbuild/core/types" />
/**
 * Everything mf_portfolio exposes, declared once: name → the module that exports a component of that name.
 * Module Federation's `exposes` (rsbuild.config.ts), the contract the shell typechecks its slots against, the
 * standalone page and the one-bundle build all derive from this; the contract check holds each build to it.
 */
import { type ContractOf, defineExposes } from 'build-config/contract';

export const exposes = defineExposes({
  /** Home (context "home": View More leads to /portfolio) and /portfolio ("page": it reveals the rest in place). */
  PortfolioSection: {
    file: './sections/PortfolioSection.tsx',
    load: () => import('./sections/PortfolioSection.tsx'),
    props: [{ context: 'home' }, { context: 'page' }],
  },
  /** Home and /about: how a project runs, step by step. */
  ProcessSection: {
    file: './sections/ProcessSection.tsx',
    load: () => import('./sections/ProcessSection.tsx'),
  },
  /** /portfolio: the page title and the filterable portfolio. */
  PortfolioPage: { file: './pages/PortfolioPage.tsx', load: () => import('./pages/PortfolioPage.tsx') },
  /** /categories: the project categories with their counts. */
  CategoriesPage: { file: './pages/CategoriesPage.tsx', load: () => import('./pages/CategoriesPage.tsx') },
});

/** What mf_portfolio promises the shell: each expose's component and its props. */
export type PortfolioContract = ContractOf<typeof exposes>;
