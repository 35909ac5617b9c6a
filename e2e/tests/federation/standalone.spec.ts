import type { RemoteName } from 'build-config/topology';
import { contactHeroCopy } from 'shared-content/contact';
import { servicesCopy } from 'shared-content/marketing';
import { portfolioCopy } from 'shared-content/portfolio';
import { expect, test } from '../../fixtures.ts';
import { fetchManifestUrls } from '../../pages/remote-map.ts';

test.describe('', { tag: ['@mf-marketing', '@mf-portfolio', '@mf-contact'] }, () => {
  /**
   * A remote's own page (its team's showcase) runs without the shell: it loads the federation runtime the remote
   * is built without (build-config/src/federation-runtime.ts) and renders an expose on its own.
   * Checked once, at the desktop width, on the live version of each remote.
   */
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'the showcase is a tool for the remote’s team');

  const showcased: Array<[remote: RemoteName, expose: string, heading: string]> = [
    ['mf_marketing', 'ServicesPage', servicesCopy.heading],
    ['mf_portfolio', 'PortfolioPage', portfolioCopy.heading],
    ['mf_contact', 'ContactPage', contactHeroCopy.heading],
  ];

  for (const [remote, expose, heading] of showcased) {
    test(`${remote}'s standalone page renders ${expose} on a runtime of its own`, async ({
      page,
      request,
    }) => {
      const remoteMap = await fetchManifestUrls(request);
      const folder = remoteMap[remote].replace(/mf-manifest\.json$/, '');
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));

      // The standalone page is not prerendered and has no shell to mark it interactive.
      await page.goto(`${folder}index.html`, { waitUntil: 'commit' });
      await page
        .getByRole('navigation', { name: `${remote} exposes` })
        .getByRole('link', { name: expose })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();

      expect(await page.evaluate(() => '_FEDERATION_RUNTIME_CORE' in globalThis)).toBe(true);
      expect(pageErrors).toEqual([]);
    });
  }
});
