import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Readable } from 'node:stream';
import { webKitMiniBrowser, webKitWebDriver } from 'platform-kit/debian-tools';
import { Builder, By, Capabilities, until, type WebDriver } from 'selenium-webdriver';
import { type EngineDriver, type OpenOptions, waitFor, waitLimitMs, windowSizes } from './driver.ts';

/**
 * WebKitGTK's MiniBrowser driven through WebKitWebDriver (Debian's webkit2gtk-driver; Playwright drives only
 * its own WebKit build) with selenium-webdriver as the classic WebDriver client. The MiniBrowser has no headless
 * mode: each browser gets a virtual X display of its own (Xvfb, which picks a free display itself). JavaScript is
 * switched off with WebKit's own setting for scripts in the page's markup, so the driver's scripts still read it.
 *
 * Classic WebDriver cannot run a script before the page's own, nor read the console: console errors are
 * recorded from the moment each page has loaded (a hook wraps console.error and listens for uncaught errors
 * and rejections), which covers hydration and everything a journey does, not a script's very first run.
 */
const xvfb = '/usr/bin/Xvfb';
const startLimitMs = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A child in a process group of its own, so that it and whatever it started end together. */
function start(command: string, args: string[], env: NodeJS.ProcessEnv, displayPipe = false): ChildProcess {
  return spawn(command, args, {
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', ...(displayPipe ? (['pipe'] as const) : [])],
  });
}

function stop(child: ChildProcess | undefined) {
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Starts Xvfb on the first free display it finds (-displayfd) and returns the display's name. */
async function startDisplay(): Promise<{ display: string; server: ChildProcess }> {
  const server = start(
    xvfb,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    process.env,
    true,
  );
  const output = server.stdio[3] as Readable | null;
  if (!output) throw new Error('[webkit] Xvfb gave no display pipe');
  let text = '';
  const display = await Promise.race([
    (async () => {
      for await (const chunk of output) {
        text += String(chunk);
        if (text.includes('\n')) return `:${text.trim()}`;
      }
      throw new Error('[webkit] Xvfb exited before naming its display');
    })(),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`[webkit] Xvfb named no display within ${startLimitMs} ms`)),
        startLimitMs,
      ),
    ),
  ]).catch((error: unknown) => {
    stop(server);
    throw error;
  });
  return { display, server };
}

async function untilListening(url: string) {
  const deadline = Date.now() + startLimitMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`[webkit] WebKitWebDriver did not answer within ${startLimitMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function openWebKit(options: OpenOptions = {}): Promise<EngineDriver> {
  const { display, server } = await startDisplay();
  let webDriverServer: ChildProcess | undefined;
  let session: WebDriver | undefined;
  try {
    const port = await freePort();
    webDriverServer = start(webKitWebDriver, [`--port=${port}`], { ...process.env, DISPLAY: display });
    const url = `http://127.0.0.1:${port}`;
    await untilListening(url);
    const capabilities = new Capabilities();
    capabilities.set('browserName', 'MiniBrowser');
    capabilities.set('webkitgtk:browserOptions', {
      binary: process.env.WEBKIT_MINIBROWSER_PATH ?? webKitMiniBrowser,
      args: ['--automation', ...(options.javaScript === false ? ['--enable-javascript-markup=false'] : [])],
    });
    session = await new Builder().usingServer(url).withCapabilities(capabilities).build();
    await session.manage().setTimeouts({ implicit: 0, pageLoad: 30_000, script: waitLimitMs });
    const size = windowSizes[options.width ?? 'desktop'];
    await session
      .manage()
      .window()
      .setRect({ x: 0, y: 0, ...size });
  } catch (error) {
    await session?.quit().catch(() => {});
    stop(webDriverServer);
    stop(server);
    throw error;
  }
  const processes = [webDriverServer, server];
  return webKitDriver(session, options.javaScript !== false, async () => {
    await Promise.race([session.quit().catch(() => {}), new Promise((done) => setTimeout(done, 5_000))]);
    for (const child of processes) {
      stop(child);
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
  });
}

/** Wraps console.error and listens for uncaught errors in the current document, once per document. */
function recordErrors() {
  const page = window as unknown as { engineErrors?: string[] };
  if (page.engineErrors) return;
  const errors: string[] = [];
  page.engineErrors = errors;
  const consoleError = console.error.bind(console);
  console.error = (...parts: unknown[]) => {
    errors.push(parts.map(String).join(' '));
    consoleError(...parts);
  };
  window.addEventListener('error', (event) => errors.push(event.message || String(event.error)));
  window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
}

const recordedErrors = () => (window as unknown as { engineErrors?: string[] }).engineErrors ?? [];

function webKitDriver(session: WebDriver, javaScript: boolean, close: () => Promise<void>): EngineDriver {
  /** Errors of the documents already left. */
  const earlier: string[] = [];
  const collect = async () => earlier.push(...(await session.executeScript<string[]>(recordedErrors)));
  /**
   * The element, once present, visible and enabled, scrolled to the middle of the window: WebKitWebDriver
   * refuses to click or type into an element outside the window instead of scrolling to it first.
   */
  const reach = async (selector: string) => {
    const target = await session.wait(
      until.elementLocated(By.css(selector)),
      waitLimitMs,
      `[webkit] no element ${selector}`,
    );
    await session.wait(until.elementIsVisible(target), waitLimitMs, `[webkit] ${selector} stays hidden`);
    await session.wait(until.elementIsEnabled(target), waitLimitMs, `[webkit] ${selector} stays disabled`);
    await session.executeScript(
      (element: HTMLElement) => element.scrollIntoView({ block: 'center', behavior: 'instant' }),
      target,
    );
    return target;
  };

  const driver: EngineDriver = {
    engine: 'webkit',
    async goto(url) {
      await collect().catch(() => {});
      await session.get(url);
      await session.executeScript(recordErrors);
      if (javaScript)
        await waitFor(driver, `${url} to be interactive`, () =>
          document.documentElement.hasAttribute('data-interactive'),
        );
    },
    async click(selector) {
      await (await reach(selector)).click();
    },
    async type(selector, text) {
      const target = await reach(selector);
      await target.clear();
      await target.sendKeys(text);
    },
    async select(selector, value) {
      await (await reach(`${selector} option[value=${JSON.stringify(value)}]`)).click();
    },
    evaluate: (fn, ...args) => session.executeScript(fn, ...args),
    async back() {
      await session.navigate().back();
    },
    url: () => session.getCurrentUrl(),
    async acceptAlert() {
      await session.wait(until.alertIsPresent(), waitLimitMs, `[webkit] no alert within ${waitLimitMs} ms`);
      const alert = await session.switchTo().alert();
      const text = await alert.getText();
      await alert.accept();
      return text;
    },
    async consoleErrors() {
      return [...earlier, ...(await session.executeScript<string[]>(recordedErrors))];
    },
    close,
  };
  return driver;
}
