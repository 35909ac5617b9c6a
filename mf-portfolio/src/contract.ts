/**
 * mf_portfolio's contract with the shell: the exposed names and the props of each exposed component.
 */
import type { ComponentType } from 'react';

type NoProps = Record<string, never>;

export interface PortfolioSectionProps {
  /** On the home page View More leads to /portfolio; on the portfolio page it reveals the rest in place. */
  context: 'home' | 'page';
}

export interface PortfolioContract {
  PortfolioSection: ComponentType<PortfolioSectionProps>;
  ProcessSection: ComponentType<NoProps>;
  PortfolioPage: ComponentType<NoProps>;
  CategoriesPage: ComponentType<NoProps>;
}

export const exposeNames = [
  'PortfolioSection',
  'ProcessSection',
  'PortfolioPage',
  'CategoriesPage',
] as const satisfies readonly (keyof PortfolioContract)[];
