import type { Locator, Page } from '@playwright/test';
import { footerCopy } from 'shared-content/site';

/** The footer's Newsletter block, as a visitor uses it. */
export class NewsletterObject {
  readonly region: Locator;
  readonly email: Locator;
  readonly submit: Locator;
  /** The live region that announces the outcome. */
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: footerCopy.newsletterHeading });
    this.email = this.region.getByLabel(footerCopy.newsletterLabel);
    this.submit = this.region.getByRole('button', { name: footerCopy.newsletterButton });
    this.status = this.region.getByRole('status');
  }

  async subscribe(address: string) {
    await this.email.fill(address);
    await this.region.getByRole('button').click();
  }
}
