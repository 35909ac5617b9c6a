import { expect, type Locator, type Page } from '@playwright/test';

/** What the client-logo track reports about its animation and layout. */
export interface CarouselState {
  name: string;
  duration: string;
  iterationCount: string;
  timing: string;
  playState: string;
  /** The last keyframe's transform, e.g. "translateX(-50%)". */
  endTransform: string | null;
  /** Where the second half starts, relative to the first item, and half the track's width. */
  secondHalfOffset: number;
  halfWidth: number;
  /** Image sources of the first and second half, in order. */
  firstHalf: string[];
  secondHalf: string[];
  currentTime: number | null;
}

/** mf-marketing's sections and pages, as a visitor finds them. */
export class MarketingObject {
  constructor(readonly page: Page) {}

  /** A section of the page, by the heading that names it. */
  section(heading: string | RegExp): Locator {
    return this.page.getByRole('region', { name: heading });
  }

  get carouselRegion(): Locator {
    return this.page.getByRole('region', { name: 'Client logos' });
  }

  get carouselTrack(): Locator {
    return this.page.getByTestId('client-logo-track');
  }

  /** Waits until every section of the home page has arrived from its remote (no slot loading or failed). */
  async openHome() {
    await this.page.goto('/');
    await this.section('Trusted by Industry Leaders').waitFor();
    await expect(this.page.locator('[data-slot-state]')).toHaveCount(0);
  }

  /** Names of the page's section headings (h1 and h2), in document order. */
  headingsInOrder(): Promise<string[]> {
    return this.page
      .locator('main')
      .getByRole('heading')
      .evaluateAll((headings) =>
        headings.filter((h) => /^H[12]$/.test(h.tagName)).map((h) => h.textContent?.trim() ?? ''),
      );
  }

  carouselState(): Promise<CarouselState> {
    return this.carouselTrack.evaluate((track) => {
      const style = getComputedStyle(track);
      const animation = track.getAnimations()[0];
      const keyframes = (animation?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? [];
      const items = Array.from(track.children) as HTMLElement[];
      const half = items.length / 2;
      const left = (element: Element | undefined) => element?.getBoundingClientRect().left ?? Number.NaN;
      const source = (item: Element) => item.querySelector('img')?.getAttribute('src') ?? '';
      return {
        name: style.animationName,
        duration: style.animationDuration,
        iterationCount: style.animationIterationCount,
        timing: style.animationTimingFunction,
        playState: style.animationPlayState,
        endTransform: (keyframes.at(-1)?.transform as string | undefined) ?? null,
        secondHalfOffset: left(items[half]) - left(items[0]),
        halfWidth: track.getBoundingClientRect().width / 2,
        firstHalf: items.slice(0, half).map(source),
        secondHalf: items.slice(half).map(source),
        currentTime: animation ? Number(animation.currentTime) : null,
      };
    });
  }

  /** The track's horizontal position on screen. */
  trackLeft(): Promise<number> {
    return this.carouselTrack.evaluate((track) => track.getBoundingClientRect().left);
  }
}
