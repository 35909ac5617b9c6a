import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { forgetReleaseService } from 'platform-kit/settings/release-client';
import type { SiteOptions } from './fixtures.ts';
import { nginxOrigin, nginxPortBase } from './sites/nginx-site.ts';

/**
 * The cross-remote suite runs against the production build, served exactly as `npm start` serves it, on its
 * own ports and deploy folder so it can run beside a site you already have open.
 */
process.env.AGENCY_PORT_BASE ??= '4100';
// A team's CI job holds the host's release service and its key for the release step after the tests; the suite's
// release commands must reach only the sites it starts (docs/testing.md, "A team's tests, fast").
forgetReleaseService(process.env);
process.env.AGENCY_DEPLOY_DIR ??= '.data/e2e-deploy';
// The enquiry API started with the site keeps the suite's enquiries apart from a local run's, and lets the
// suite (every test from one address) post more than a visitor's limit; only its warnings reach the output.
process.env.ENQUIRY_DATA_DIR ??= '.data/e2e-enquiry-api';
process.env.ENQUIRY_RATE_LIMIT ??= '1000';
process.env.ENQUIRY_LOG_LEVEL ??= 'warn';

const repoRoot = resolve(import.meta.dirname, '..');
const baseURL = originOf(shell, process.env);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const delivery = /tests\/delivery\/.*\.spec\.ts$/;
/** The delivery spec that times each outage's fallback against the documented bounds (docs/deployment.md). */
const outage = /tests\/delivery\/outage\.spec\.ts$/;
/** The journeys in Firefox and WebKit: they drive those browsers themselves (e2e/engines/), once each. */
const engines = /tests\/engines\/.*\.spec\.ts$/;
/**
 * The specs that hold nginx to the embedded host's behaviour (docs/testing.md, "Two hosts"): composition,
 * routing and the 404, security headers and the CSP, prerendered pages, page variants by the bucket cookie,
 * failures of a remote. The rest test the apps, which do not depend on the server.
 */
const onBothHosts = [
  /tests\/federation\/.*\.spec\.ts$/,
  /tests\/shell\/routes\.spec\.ts$/,
  /tests\/quality\/security\.spec\.ts$/,
  /tests\/prerender\/.*\.spec\.ts$/,
  /tests\/delivery\/(canary|preview|retry)\.spec\.ts$/,
];
const desktop = { width: 1280, height: 800 };

export default defineConfig<object, SiteOptions>({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  // A focused test (test.only) fails the run on every machine instead of narrowing it; focus from the command
  // line (a file, or -g with a test's name).
  forbidOnly: true,
  retries: 0,
  // Three in CI on a 2-core machine: most tests wait (back-offs, a remote that never answers, the background
  // retry), so a third worker overlaps their waits; the delivery project, which builds and publishes, keeps two
  // (its own limit below). Measured on one machine: 1,572 s with two workers, 1,207 s with three, all green.
  workers: process.env.CI ? 3 : undefined,
  // Hang guards, not speed checks (speed is the bench's job, docs/performance.md). CI machines differ by 2-3x:
  // on a slow one (unit tests 1,282 s instead of 550 s) tests that walk every page took 30-33 s and hit a 30 s
  // guard while passing every assertion. A limit that holds there still ends a hung test within two minutes.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: resolve(repoRoot, 'reports/playwright.json') }]],
  use: {
    baseURL,
    // A failed test keeps its trace: each action with the page's DOM and the network. Not the screencast: recording
    // every test's frames took 28% of the time of 74 desktop tests on a two-core machine (5.0 min with it, 3.6
    // without, 3.3 with no trace at all), and a failure's DOM says more than its frames.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    },
  },
  projects: [
    // Release/rollback/retry tests, once: the release tests serve their own deploy folder on their own ports.
    // First in this list because Playwright hands out tests in the order of its projects: its long tests (up
    // to four minutes each, two at a time) then start with the run and the other workers fill in around them,
    // instead of two workers finishing them alone at its end.
    { name: 'delivery', testMatch: delivery, testIgnore: outage, workers: 2, use: { viewport: desktop } },
    { name: 'desktop', testIgnore: [delivery, engines], use: { viewport: desktop } },
    {
      name: 'mobile',
      testIgnore: [delivery, engines],
      use: { viewport: { width: 375, height: 812 }, hasTouch: true },
    },
    // Firefox ESR and WebKitGTK, each browser opened by its test at the width the test asks for (a Chromium
    // page, where a spec compares with Chromium, at desktop width).
    { name: 'engines', testMatch: engines, use: { viewport: desktop } },
    // The outages: each times the page from navigation to its fallback against a documented bound of a few
    // seconds (docs/deployment.md, "When a remote fails"). Beside two other busy workers on a slow two-core
    // machine the page alone took 5.3-8 s, so `npm test` runs this project alone, in a Playwright run of its own
    // after the rest (dev-tools' suiteRuns); one worker, as its tests share one site.
    { name: 'outage', testMatch: outage, workers: 1, use: { viewport: desktop } },
    // The same deploy served by nginx, at one width: what nginx decides does not depend on the viewport. Its
    // site is started by a project of its own that only this one depends on, so other runs never need nginx.
    {
      name: 'nginx',
      testMatch: onBothHosts,
      dependencies: ['nginx-site'],
      use: {
        viewport: desktop,
        baseURL: nginxOrigin,
        portBase: nginxPortBase,
        siteHost: 'nginx',
      },
    },
    {
      name: 'nginx-site',
      testDir: './setup',
      testMatch: /nginx-site\.setup\.ts$/,
      teardown: 'nginx-site-stop',
    },
    { name: 'nginx-site-stop', testDir: './setup', testMatch: /nginx-site\.teardown\.ts$/ },
  ],
  webServer: {
    // --publish: the suite's deploy folder outlives a run, and a start serves an existing deploy as it was; the
    // suite tests the build in dist/, so it publishes it explicitly.
    command: 'tsx platform/cli/src/main.ts start --no-build --publish',
    cwd: repoRoot,
    url: baseURL,
    // Always its own server: one already listening on the port may be a stale build or another project's, and a
    // run against it would test the wrong site. A busy port fails the run with Playwright's message.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
