import { formatLegalDate, isoDate, todayDateAttribute } from 'shared-content/legal-date';
import { expect, test } from '../../fixtures.ts';

/**
 * The legal pages' "Last updated" is the day the page is viewed, also when the page was prerendered on an
 * earlier day and its remote's code never runs (a section that needs no code keeps its HTML): the page loader
 * sets the marked date. The page is served as a release of an earlier day would have written it, and
 * mf-marketing's host refuses every request, so nothing of the remote can correct the date.
 */

const releasedDate = `<time ${todayDateAttribute}="" dateTime="2020-01-01">1 January 2020</time>`;

test.describe('', { tag: ['@mf-marketing', '@shell'] }, () => {
  for (const path of ['/terms', '/privacy-policy']) {
    test(`${path} prerendered on an earlier day shows the visitor's today without mf-marketing's code`, async ({
      page,
      breakRemote,
    }) => {
      await breakRemote('mf_marketing', 'unreachable');
      let rewritten = false;
      await page.route(`**${path}`, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const released = html.replace(
          new RegExp(`<time ${todayDateAttribute}=""[^>]*>[^<]*</time>`),
          releasedDate,
        );
        rewritten = released !== html;
        await route.fulfill({ response, body: released });
      });

      await page.goto(path);
      expect(rewritten).toBe(true);
      const now = new Date();
      const date = page.getByTestId('legal-updated').locator('time');
      await expect(date).toHaveText(formatLegalDate(now));
      await expect(date).toHaveAttribute('datetime', isoDate(now));
    });
  }
});
