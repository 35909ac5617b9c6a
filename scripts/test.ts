/**
 * Every check, in one command: typecheck, lint, unit tests, production build, contract check, cross-remote
 * e2e in Chromium. A failing step does not stop the others. Ends with one line "N passed, N failed" over the
 * whole run: each unit and e2e test counts once; typecheck, lint, build and the contract check count as one
 * check each.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium.ts';
import { repoRoot } from './lib/paths.ts';
import { runPnpm } from './lib/run.ts';

const reports = join(repoRoot, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function check(name: string, ok: boolean) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
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

/** Adds a test runner's counts; a runner that produced no report counts as one failed check. */
function tally(name: string, counts: { passed: number; failed: number } | null, exitedOk: boolean) {
  if (!counts) return check(`${name} (no report)`, false);
  passed += counts.passed;
  failed += counts.failed;
  if (counts.failed > 0) failures.push(`${name}: ${counts.failed} failed`);
  else if (!exitedOk) check(`${name} (runner error)`, false);
}

console.log('\n=== typecheck');
check('typecheck', runPnpm(['typecheck']));

console.log('\n=== lint and format');
check('lint', runPnpm(['lint']));

console.log('\n=== unit tests');
const vitestReport = join(reports, 'vitest.json');
const unitOk = runPnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestReport);
tally('unit', vitest && { passed: vitest.numPassedTests, failed: vitest.numFailedTests }, unitOk);

console.log('\n=== production build');
const built = runPnpm(['build']);
check('build', built);

console.log('\n=== contract check (each remote build against the shell)');
check('contract check', built && runPnpm(['check:contracts']));

console.log('\n=== e2e (Chromium)');
const chromium = ensureChromium();
if (!chromium) check('e2e: Chromium unavailable', false);
else if (built) {
  const e2eOk = runPnpm(['test:e2e'], { ...process.env, CHROME_PATH: chromium });
  const stats = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    join(reports, 'playwright.json'),
  );
  tally(
    'e2e',
    stats && { passed: stats.stats.expected + stats.stats.flaky, failed: stats.stats.unexpected },
    e2eOk,
  );
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join('; ')}`);
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(reports, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
