import type { Locator, Page } from '@playwright/test';
import type { PortfolioCategory } from 'shared-content';
import { allProjectsLabel, portfolioCopy, projects } from 'shared-content/portfolio';

export type PortfolioChip = PortfolioCategory | typeof allProjectsLabel;

/** Titles a visitor should see for a filter, in order, before View More. */
export function expectedTitles(chip: PortfolioChip, limit = Number.POSITIVE_INFINITY): string[] {
  return projects
    .filter((project) => chip === allProjectsLabel || project.category === chip)
    .slice(0, limit)
    .map((project) => project.title);
}

/** mf-portfolio's portfolio section, on the home page (region "Our Portfolio") or /portfolio (region "Projects"). */
export class PortfolioObject {
  readonly region: Locator;
  readonly chips: Locator;
  readonly cards: Locator;
  readonly status: Locator;
  readonly viewMoreButton: Locator;
  readonly viewMoreLink: Locator;

  constructor(
    readonly page: Page,
    where: 'home' | 'page',
  ) {
    this.region = page.getByRole('region', {
      name: where === 'home' ? portfolioCopy.heading : portfolioCopy.projectsHeading,
      exact: true,
    });
    this.chips = this.region.getByRole('group', { name: portfolioCopy.filterLabel });
    this.cards = this.region.getByRole('article');
    this.status = this.region.getByRole('status');
    this.viewMoreButton = this.region.getByRole('button', { name: portfolioCopy.viewMore });
    this.viewMoreLink = this.region.getByRole('link', { name: portfolioCopy.viewMore });
  }

  chip(name: PortfolioChip): Locator {
    return this.chips.getByRole('button', { name, exact: true });
  }

  pressedChips(): Locator {
    return this.chips.getByRole('button', { pressed: true });
  }

  card(title: string): Locator {
    return this.region.getByRole('article', { name: title, exact: true });
  }

  cardTitles(): Promise<string[]> {
    return this.cards.getByRole('heading').allTextContents();
  }

  /** The title/category/technologies block of a card, whose opacity shows whether it is revealed. */
  details(card: Locator): Locator {
    return card.getByRole('heading').locator('..');
  }
}
