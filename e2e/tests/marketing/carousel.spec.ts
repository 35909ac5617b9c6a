import { expect, test } from '../../fixtures.ts';
import { MarketingObject } from '../../pages/marketing.ts';

/** Spec section 9: the logo strip loops every 30 seconds. Behaviour, so desktop width only. */
test.describe('client carousel', { tag: ['@mf-marketing'] }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 1024, 'behaviour is the same at every width');

  test('loops endlessly every 30 s, by exactly one identical half (no visible jump)', async ({ page }) => {
    const marketing = new MarketingObject(page);
    await marketing.openHome();
    await marketing.carouselRegion.scrollIntoViewIfNeeded();
    const state = await marketing.carouselState();
    expect(state.duration).toBe('30s');
    expect(state.iterationCount).toBe('infinite');
    expect(state.timing).toBe('linear');
    expect(state.playState).toBe('running');
    expect(state.endTransform).toBe('translateX(-50%)');
    expect(state.secondHalf).toEqual(state.firstHalf);
    expect(Math.abs(state.secondHalfOffset - state.halfWidth)).toBeLessThan(0.5);
    // Each half is wider than the visible strip, so the strip is never empty at the loop point.
    const visibleWidth = await marketing.carouselRegion.evaluate((region) => region.clientWidth);
    expect(state.halfWidth).toBeGreaterThan(visibleWidth);
    // It moves to the left.
    const before = await marketing.trackLeft();
    await expect.poll(() => marketing.trackLeft()).toBeLessThan(before - 5);
  });

  test('pauses on hover, on keyboard focus and with its pause button', async ({ page }) => {
    const marketing = new MarketingObject(page);
    await marketing.openHome();
    const region = marketing.carouselRegion;
    await region.scrollIntoViewIfNeeded();
    const playState = () => marketing.carouselState().then((state) => state.playState);

    await region.hover();
    await expect.poll(playState).toBe('paused');
    const hovered = await marketing.trackLeft();
    await page.waitForTimeout(300);
    expect(await marketing.trackLeft()).toBe(hovered);
    await page.mouse.move(0, 0);
    await expect.poll(playState).toBe('running');

    // Keyboard: Tab from the element before the strip lands on it.
    await page.getByRole('link', { name: 'Email Us' }).focus();
    await page.keyboard.press('Tab');
    await expect(region).toBeFocused();
    await expect.poll(playState).toBe('paused');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Pause animation' })).toBeFocused();
    await expect.poll(playState).toBe('running');

    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play animation' })).toBeFocused();
    await expect.poll(playState).toBe('paused');
    await page.keyboard.press('Enter');
    await expect.poll(playState).toBe('running');
  });

  test('is still under prefers-reduced-motion: no animation, the three logos once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const marketing = new MarketingObject(page);
    await marketing.openHome();
    await marketing.carouselRegion.scrollIntoViewIfNeeded();
    const state = await marketing.carouselState();
    expect(state.name).toBe('none');
    expect(state.currentTime).toBeNull();
    const before = await marketing.trackLeft();
    await page.waitForTimeout(500);
    expect(await marketing.trackLeft()).toBe(before);
    const visibleLogos = marketing.carouselTrack.getByRole('img');
    await expect(visibleLogos).toHaveCount(3);
    for (const logo of await visibleLogos.all()) await expect(logo).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Pause animation' })).toBeHidden();
  });
});
