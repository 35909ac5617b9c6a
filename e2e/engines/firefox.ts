import { debianFirefox } from 'platform-kit/debian-tools';
import puppeteer, { type Browser, type HTTPResponse, type Page } from 'puppeteer-core';
import { type EngineDriver, type OpenOptions, waitFor, waitLimitMs, windowSizes } from './driver.ts';

/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (Playwright drives only its own patched
 * Firefox). BiDi has no viewport emulation in Firefox: the window is sized by Firefox's own --width/--height
 * (it opens no narrower than 500 px, still below the drawer's 768 px). JavaScript is switched off by the
 * profile's preference, as a visitor would; puppeteer's own switch is a BiDi command Firefox does not have.
 */
export interface FirefoxDriver extends EngineDriver {
  /**
   * The URL of every GET response that came from the network, in order, since the page opened. A response
   * Firefox served from its cache (a preloaded script the page then runs is reported twice, the second time
   * from the cache) is no download.
   */
  readonly downloads: string[];
}

export async function openFirefox(options: OpenOptions = {}): Promise<FirefoxDriver> {
  const size = windowSizes[options.width ?? 'desktop'];
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH ?? debianFirefox,
    headless: true,
    timeout: 30_000,
    protocolTimeout: 30_000,
    args: [`--width=${size.width}`, `--height=${size.height}`],
    extraPrefsFirefox: options.javaScript === false ? { 'javascript.enabled': false } : {},
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    return firefoxDriver(browser, page, options.javaScript !== false);
  } catch (error) {
    await closeBrowser(browser);
    throw error;
  }
}

/** Closes the browser, or kills its process (by its id) if it does not close within a few seconds. */
async function closeBrowser(browser: Browser) {
  const process = browser.process();
  const closed = browser.close().then(
    () => true,
    () => false,
  );
  const inTime = await Promise.race([closed, new Promise<false>((done) => setTimeout(done, 5_000, false))]);
  if (!inTime && process?.exitCode === null) process.kill('SIGKILL');
}

function firefoxDriver(browser: Browser, page: Page, javaScript: boolean): FirefoxDriver {
  const errors: string[] = [];
  const alerts: string[] = [];
  const downloads: string[] = [];
  page.setDefaultTimeout(waitLimitMs);
  page.setDefaultNavigationTimeout(30_000);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('response', (response: HTTPResponse) => {
    if (response.request().method() === 'GET' && !response.fromCache()) downloads.push(response.url());
  });
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });

  const driver: FirefoxDriver = {
    engine: 'firefox',
    downloads,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
      if (javaScript)
        await waitFor(driver, `${url} to be interactive`, () =>
          document.documentElement.hasAttribute('data-interactive'),
        );
    },
    async click(selector) {
      await page.locator(selector).click();
    },
    async type(selector, text) {
      await page.locator(selector).fill(text);
    },
    async select(selector, value) {
      await page.waitForSelector(selector);
      await page.select(selector, value);
    },
    // The page's result is JSON, as the interface promises; puppeteer's handle-aware types need not apply.
    evaluate: (fn, ...args) => page.evaluate(fn as (...params: unknown[]) => unknown, ...args) as never,
    async back() {
      await page.goBack();
    },
    url: async () => page.url(),
    async acceptAlert() {
      const deadline = Date.now() + waitLimitMs;
      while (alerts.length === 0) {
        if (Date.now() > deadline) throw new Error(`[firefox] no alert within ${waitLimitMs} ms`);
        await new Promise((done) => setTimeout(done, 100));
      }
      return alerts.shift() ?? '';
    },
    consoleErrors: async () => [...errors],
    close: () => closeBrowser(browser),
  };
  return driver;
}
