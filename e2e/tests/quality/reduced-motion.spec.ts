import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { everyPagePath, settle } from '../../pages/quality.ts';

/** CSS animations and transitions currently running that last longer than 10 ms per iteration. */
function movingAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => {
        const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
        return animation.playState === 'running' && duration > 10;
      })
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name = animation instanceof CSSAnimation ? animation.animationName : 'transition';
        return `${name} on ${target?.tagName.toLowerCase() ?? '?'}.${target?.className ?? ''}`;
      }),
  );
}

test.describe('', { tag: ['@composition'] }, () => {
  test.describe('prefers-reduced-motion', () => {
    test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'motion is the same at every width');

    test('the home page moves without the preference (so the check below can see motion)', async ({
      page,
    }) => {
      await page.goto('/');
      await settle(page);
      await page.getByRole('region', { name: /Trusted by Industry Leaders/ }).scrollIntoViewIfNeeded();
      await expect.poll(() => movingAnimations(page)).not.toEqual([]);
    });

    test('no page moves when the visitor asks for reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const path of everyPagePath) {
        await page.goto(path);
        await settle(page);
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        expect(await movingAnimations(page), path).toEqual([]);
      }
    });

    test('hovering cards and opening the FAQ do not animate either', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/contact');
      await settle(page);
      await page.getByRole('button', { name: 'How long does it take to build my website?' }).click();
      expect(await movingAnimations(page)).toEqual([]);
      await page.goto('/portfolio');
      await settle(page);
      await page.getByRole('article').first().hover();
      expect(await movingAnimations(page)).toEqual([]);
    });
  });

  test('the mobile drawer opens without sliding under reduced motion', async ({ page, header }, info) => {
    test.skip(info.project.name !== 'mobile', 'the drawer exists below 768 px');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await settle(page);
    await header.menuToggle.click();
    expect(await movingAnimations(page)).toEqual([]);
    await expect(header.drawer).toBeVisible();
  });
});
