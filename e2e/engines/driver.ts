/**
 * One way to drive a page in the engines Playwright cannot drive here: Debian's Firefox ESR (puppeteer-core over
 * WebDriver BiDi, firefox.ts) and WebKitGTK's MiniBrowser (classic WebDriver through WebKitWebDriver, webkit.ts).
 * The journeys (e2e/tests/engines/) are written once against this interface; Playwright Test only runs them.
 */
export type ForeignEngine = 'firefox' | 'webkit';

export const foreignEngines: readonly ForeignEngine[] = ['firefox', 'webkit'];

/** desktop: 1280 × 800; phone: the narrowest window the engine opens (below the drawer's 768 px either way). */
export type WindowWidth = 'desktop' | 'phone';

export interface OpenOptions {
  width?: WindowWidth;
  /** false: the page's scripts never run (the prerendered HTML as it arrives); the driver can still read it. */
  javaScript?: boolean;
}

export const windowSizes: Record<WindowWidth, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
};

/** The longest any single wait of a journey may take: every wait is bounded, and names what it waited for. */
export const waitLimitMs = 15_000;

export interface EngineDriver {
  readonly engine: ForeignEngine;
  /** Opens an absolute URL; with JavaScript on, waits until the page is interactive (<html data-interactive>). */
  goto(url: string): Promise<void>;
  /** Clicks the first element matching the CSS selector with real pointer input, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Types into the field matching the selector as a visitor's keys would. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option with this value in the <select> matching the selector. */
  select(selector: string, value: string): Promise<void>;
  /** Runs the function in the page (it is sent as source: it may use only its arguments and the page). */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  back(): Promise<void>;
  url(): Promise<string>;
  /** Waits for the next alert (at most `waitLimitMs`), accepts it and returns its text. */
  acceptAlert(): Promise<string>;
  /** Console errors and uncaught errors of the pages opened so far (webkit.ts says from when on). */
  consoleErrors(): Promise<string[]>;
  /** Ends the browser and every process started for it. */
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `fn` in the page until it returns a truthy value, at most `timeoutMs`; fails naming the engine, what was
 * awaited and the last value seen.
 */
export async function waitFor<T, A extends unknown[]>(
  driver: EngineDriver,
  what: string,
  fn: (...args: A) => T,
  ...args: A
): Promise<T> {
  const deadline = Date.now() + waitLimitMs;
  let last: T | undefined;
  for (;;) {
    last = await driver.evaluate(fn, ...args);
    if (last) return last;
    if (Date.now() > deadline)
      throw new Error(
        `[${driver.engine}] waited ${waitLimitMs} ms for ${what}; last seen: ${JSON.stringify(last)}`,
      );
    await pause(100);
  }
}

/** Polls until the page's value equals `expected` (compared as JSON), at most `waitLimitMs`. */
export async function waitForValue<T, A extends unknown[]>(
  driver: EngineDriver,
  what: string,
  expected: T,
  fn: (...args: A) => T,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + waitLimitMs;
  const want = JSON.stringify(expected);
  let seen = '';
  for (;;) {
    seen = JSON.stringify(await driver.evaluate(fn, ...args));
    if (seen === want) return;
    if (Date.now() > deadline)
      throw new Error(`[${driver.engine}] waited ${waitLimitMs} ms for ${what} to be ${want}; it is ${seen}`);
    await pause(100);
  }
}

/**
 * A selector for the visible element matching `selector` whose text (or aria-label) is exactly `text`, waiting
 * for it: the element is marked with a data attribute, so the click that follows is a real one on that element.
 */
export async function byText(driver: EngineDriver, selector: string, text: string): Promise<string> {
  const mark = await waitFor(
    driver,
    `a visible "${selector}" reading "${text}"`,
    (css: string, wanted: string) => {
      const element = Array.from(document.querySelectorAll<HTMLElement>(css)).find(
        (candidate) =>
          (candidate.textContent?.trim() === wanted || candidate.getAttribute('aria-label') === wanted) &&
          candidate.getClientRects().length > 0,
      );
      if (!element) return '';
      const id = element.dataset.engineTarget ?? String(Math.random()).slice(2);
      element.dataset.engineTarget = id;
      return id;
    },
    selector,
    text,
  );
  return `[data-engine-target="${mark}"]`;
}
