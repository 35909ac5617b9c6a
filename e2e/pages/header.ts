import type { Locator, Page } from '@playwright/test';

/** The shell's header and mobile drawer. */
export class HeaderObject {
  readonly bar: Locator;
  readonly menuToggle: Locator;
  readonly drawer: Locator;
  readonly backdrop: Locator;
  readonly desktopNav: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByTestId('site-header');
    this.menuToggle = page.getByRole('button', { name: 'Open menu' });
    this.drawer = page.getByRole('dialog', { name: 'Menu' });
    this.backdrop = page.getByTestId('drawer-backdrop');
    this.desktopNav = page.getByRole('navigation', { name: 'Main' });
  }

  backgroundColor() {
    return this.bar.evaluate((element) => getComputedStyle(element).backgroundColor);
  }

  async openDrawer() {
    await this.menuToggle.click();
    await this.drawer.waitFor({ state: 'visible' });
  }
}
