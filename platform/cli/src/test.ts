/**
 * Every check, in one command: typecheck, lint, production build, contract check, unit tests, cross-remote
 * e2e in Chromium (with the W3C Nu HTML checker over every prerendered page; the outage tests in a run of their own,
 * after the rest). A failing step does not stop the others. Ends with one line "N passed, N failed, N skipped"
 * over the whole run: each unit and e2e test counts once; typecheck, lint, build and the contract check count
 * as one check each. A run that ran fewer tests than test-floor.json says fails (platform/dev-tools/src/test-floor.ts);
 * `--raise-floor` raises the floor to this run's counts when the run is green.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  describeSkip,
  describeSkippedTest,
  scanRepositorySkips,
  skippedTests,
  type VitestFileResults,
} from 'dev-tools/conditional-skips';
import { suiteRuns } from 'dev-tools/e2e-arguments';
import {
  floorShortfalls,
  type RunnerCounts,
  type RunnerName,
  raisedFloor,
  readTestFloor,
  type TestFloor,
  writeTestFloor,
} from 'dev-tools/test-floor';
import { ensureChromium } from 'platform-kit/chromium';
import { debianTools, installDebianTools } from 'platform-kit/debian-tools';
import { repoRoot } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import { loadToolSettings } from 'platform-kit/settings/tools';

/** The test command's tool settings (pnpm, CHROME_PATH, CI), parsed once from its environment. */
const toolSettings = loadToolSettings(process.env);

/** The run's counts: each unit and e2e test once, each other check as one. */
class Tally {
  passed = 0;
  failed = 0;
  skipped = 0;
  readonly failures: string[] = [];
  readonly ran: Partial<Record<RunnerName, RunnerCounts>> = {};

  check(name: string, ok: boolean) {
    if (ok) this.passed += 1;
    else {
      this.failed += 1;
      this.failures.push(name);
    }
  }

  /** Adds a test runner's counts; a runner that produced no report counts as one failed check. */
  runner(name: RunnerName, counts: RunnerCounts | null, exitedOk: boolean) {
    if (!counts) return this.check(`${name} (no report)`, false);
    this.ran[name] = counts;
    this.passed += counts.passed;
    this.failed += counts.failed;
    this.skipped += counts.skipped;
    if (counts.failed > 0) this.failures.push(`${name}: ${counts.failed} failed`);
    else if (!exitedOk) this.check(`${name} (runner error)`, false);
  }
}

/**
 * How long each step takes, printed at the end and kept in reports/timings.json: the figure the README gives
 * for a fresh run, and where to look first when the suite grows slower.
 */
class Steps {
  readonly timings: { step: string; seconds: number }[] = [];
  private current: { step: string; started: number } | undefined;

  end() {
    if (this.current)
      this.timings.push({
        step: this.current.step,
        seconds: (performance.now() - this.current.started) / 1000,
      });
    this.current = undefined;
  }

  start(title: string) {
    this.end();
    console.log(`\n=== ${title}`);
    this.current = { step: title, started: performance.now() };
  }
}

function readJson<T>(file: string): T | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The tools, the skips' reasons, typecheck, lint, the build and the contract check; the skips and whether it built. */
function checkBeforeTests(tally: Tally, step: Steps) {
  // First, so a missing tool is named at once: one apt run installs every program the tests drive.
  step.start('tools the tests drive (Debian packages, installed with apt when missing)');
  const tools = installDebianTools(debianTools, {
    chromePath: toolSettings.chromePath,
    childEnv: process.env,
  });
  if (tools.message) console.error(tools.message);
  for (const tool of tools.missing) tally.check(`${tool.name} is not installed (${tool.usedBy})`, false);
  if (tools.missing.length === 0) console.log('All installed.');

  step.start('conditional skips (each with its reason; dev-tools/src/conditional-skips.ts)');
  const skipScan = scanRepositorySkips(repoRoot);
  for (const skip of skipScan.skips) console.log(describeSkip(skip));
  for (const problem of skipScan.problems) console.error(problem);
  tally.check('conditional skips: each has a reason', skipScan.problems.length === 0);

  step.start('typecheck');
  tally.check('typecheck', runPnpm(toolSettings, ['typecheck'], process.env));

  step.start('lint and format');
  tally.check('lint', runPnpm(toolSettings, ['lint'], process.env));

  step.start('production build');
  const built = runPnpm(toolSettings, ['build'], process.env);
  tally.check('build', built);

  step.start('contract check (each remote build against the shell)');
  tally.check('contract check', built && runPnpm(toolSettings, ['check:contracts'], process.env));
  return { built, skipScan };
}

/** The unit tests, counted from vitest's JSON report; the tests this machine skipped, each with its reasons. */
function runUnitTests(tally: Tally, reports: string, skipScan: ReturnType<typeof scanRepositorySkips>) {
  const vitestReport = join(reports, 'vitest.json');
  const unitOk = runPnpm(
    toolSettings,
    [
      'exec',
      'vitest',
      'run',
      // A focused test (it.only) fails the run instead of narrowing it, here as in CI.
      '--allowOnly=false',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
    process.env,
  );
  const vitest = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: VitestFileResults[];
  }>(vitestReport);
  // A unit test skips only on a condition of the machine: each one is named in the summary.
  const skippedHere = vitest ? skippedTests(vitest.testResults, skipScan, repoRoot) : [];
  tally.runner(
    'unit',
    vitest && {
      passed: vitest.numPassedTests,
      failed: vitest.numFailedTests,
      skipped: vitest.numPendingTests + vitest.numTodoTests,
      // Skipped for a reason of this machine the check above listed: counted toward the floor, named below.
      excused: skippedHere.filter((test) => test.reasons.length > 0).length,
    },
    unitOk,
  );
  return skippedHere;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/**
 * The e2e suite in its runs (dev-tools' suiteRuns: the outage tests alone, after the rest), counted from their
 * JSON reports together; a run that wrote no report makes the suite's count fail.
 */
function runE2e(tally: Tally, reports: string, built: boolean, chromium: string | null) {
  if (!built) return tally.check('e2e: not run, because the production build failed', false);
  if (!chromium) return tally.check('e2e: Chromium unavailable', false);
  let allOk = true;
  const counted: RunnerCounts[] = [];
  for (const run of suiteRuns) {
    const report = join(reports, run.report);
    const ok = runPnpm(
      toolSettings,
      [
        'test:e2e',
        ...run.projects.map((project) => `--project=${project}`),
        // Under the first run's folder, which that run empties when it starts.
        ...('output' in run ? [`--output=${join(repoRoot, 'test-results', run.output)}`] : []),
      ],
      { ...process.env, CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    );
    allOk &&= ok;
    const stats = readJson<PlaywrightReport>(report)?.stats;
    if (stats) {
      counted.push({
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        skipped: stats.skipped,
      });
    }
  }
  const sum = (key: 'passed' | 'failed' | 'skipped') =>
    counted.reduce((total, counts) => total + counts[key], 0);
  tally.runner(
    'e2e',
    counted.length === suiteRuns.length
      ? { passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') }
      : null,
    allOk,
  );
}

/** Fewer tests than the floor fail the run; --raise-floor raises it after a green one. */
function checkFloor(tally: Tally, floor: TestFloor | null, floorFile: string, raiseFloor: boolean) {
  const { ran } = tally;
  if (!floor) return tally.check('test floor: test-floor.json is unreadable (see above)', false);
  const shortfalls = floorShortfalls(ran, floor);
  for (const shortfall of shortfalls) tally.check(shortfall, false);
  if (shortfalls.length === 0) console.log(`At least ${floor.unit} unit and ${floor.e2e} e2e tests ran.`);
  if (raiseFloor) {
    if (tally.failed > 0 || !ran.unit || !ran.e2e) console.log('The floor is raised only after a green run.');
    else {
      const raised = raisedFloor({ unit: ran.unit, e2e: ran.e2e }, floor);
      writeTestFloor(floorFile, raised);
      console.log(
        `test-floor.json is now ${raised.unit} unit, ${raised.e2e} e2e: commit it with the new tests.`,
      );
    }
  } else if (
    tally.failed === 0 &&
    ((ran.unit?.passed ?? 0) > floor.unit || (ran.e2e?.passed ?? 0) > floor.e2e)
  ) {
    console.log('More tests ran than the floor says: raise it with `npm test -- --raise-floor`.');
  }
}

/** The time per step, the skipped tests, the failures and the one summary line (also in reports/). */
function printSummary(
  tally: Tally,
  step: Steps,
  reports: string,
  skippedHere: ReturnType<typeof skippedTests>,
) {
  const { timings } = step;
  const total = timings.reduce((sum, { seconds }) => sum + seconds, 0);
  writeFileSync(join(reports, 'timings.json'), `${JSON.stringify({ timings, total }, null, 2)}\n`);
  console.log(
    `\nTime per step: ${timings.map(({ step, seconds }) => `${step.split(' (')[0]} ${seconds.toFixed(0)} s`).join(', ')}; ${total.toFixed(0)} s in all.`,
  );
  if (skippedHere.length > 0) {
    console.log(
      `\nSkipped on this machine, run where the tool is installed (${skippedHere.length} unit tests):`,
    );
    for (const test of skippedHere) console.log(`  ${describeSkippedTest(test)}`);
  }
  if (tally.failures.length > 0) console.log(`\nFailed: ${tally.failures.join('; ')}`);
  const summary = `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
  writeFileSync(join(reports, 'summary.txt'), `${summary}\n`);
  console.log(summary);
}

export function test(options: { raiseFloor?: boolean }) {
  const floorFile = join(repoRoot, 'test-floor.json');
  let floor: TestFloor | null = null;
  try {
    floor = readTestFloor(floorFile);
  } catch (error) {
    // Read first, so a broken floor file is named at once; the run goes on and counts it as a failed check.
    console.error((error as Error).message);
  }

  const reports = join(repoRoot, 'reports');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  const tally = new Tally();
  const step = new Steps();
  const { built, skipScan } = checkBeforeTests(tally, step);

  // The release gates' unit tests render the real builds in Chromium: CHROME_PATH, else Debian's (installed above).
  const chromium = ensureChromium(toolSettings, process.env);

  step.start('unit tests');
  const skippedHere = runUnitTests(tally, reports, skipScan);

  step.start('e2e (Chromium; the journeys in Firefox and WebKit too)');
  runE2e(tally, reports, built, chromium);

  step.start('test floor (test-floor.json)');
  checkFloor(tally, floor, floorFile, options.raiseFloor ?? false);

  step.end();
  printSummary(tally, step, reports, skippedHere);
  process.exit(tally.failed > 0 ? 1 : 0);
}
