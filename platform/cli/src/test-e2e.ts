/**
 * pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright's arguments]
 * The cross-remote Playwright suite against the production build; a team runs its own remote's specs with
 * --remote. The rules are in dev-tools' src/e2e-arguments.ts; the tags in src/affected/e2e-tags.ts.
 */

import { smokeTag } from 'dev-tools/affected/e2e-tags';
import { e2eRun } from 'dev-tools/e2e-arguments';
import { runPnpm } from 'platform-kit/run';
import { loadToolSettings } from 'platform-kit/settings/tools';
import { testE2eUsage } from './helps.ts';

/**
 * `argv` as typed: what is not --remote or --fail-fast goes to Playwright unread, so e2e-arguments.ts reads
 * these two (and refuses their clashes with Playwright's own options) rather than a parser that must know all.
 */
export function testE2e(argv: readonly string[]) {
  // Playwright prints its own options after this text; -h too, so that either flag explains both.
  const help = argv.includes('--help') || argv.includes('-h');
  if (help && !argv.includes('--remote')) console.log(`${testE2eUsage}\n`);
  const { playwright, remote, failFast } = e2eRun(argv);
  if (remote) {
    console.log(
      `e2e: the specs tagged @${remote} and the composition smoke (${smokeTag})` +
        (failFast ? ', stopping at the first failure.' : '.'),
    );
  } else if (failFast) console.log('e2e: stopping at the first failure.');
  const passed = runPnpm(
    loadToolSettings(process.env),
    ['--filter', 'e2e', 'exec', 'playwright', 'test', ...playwright],
    process.env,
  );
  process.exitCode = passed ? 0 : 1;
}
