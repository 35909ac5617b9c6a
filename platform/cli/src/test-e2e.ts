/**
 * pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright's arguments]
 * The cross-remote Playwright suite against the production build; a team runs its own remote's specs with
 * --remote. The rules are in lib/e2e-arguments.ts; the tags in lib/e2e-tags.ts.
 */

import { smokeTag } from 'dev-tools/affected/e2e-tags';
import { e2eRun } from 'dev-tools/e2e-arguments';
import { runCommand } from 'platform-kit/cli';
import { runPnpm } from 'platform-kit/run';

const usage = `Usage: pnpm test:e2e [--remote <remote-folder>] [--fail-fast] [Playwright's arguments]

  Runs the e2e suite (Playwright, in Chromium) against the production build: run pnpm build first.
  --remote <folder>  only the specs tagged with that remote (mf-marketing, mf-portfolio, mf-contact) and the
                     composition smoke (${smokeTag}: shared singletons, every route hydrating without a mismatch)
  --fail-fast        stop at the first failure (Playwright's --max-failures=1)
  Everything else goes to Playwright as it is: spec files, -g <title>, --project=desktop, --list…
  Projects: desktop, mobile, delivery, and nginx (the specs that hold nginx to the embedded host's behaviour,
  against the same deploy served by nginx; docs/testing.md, "Two hosts").`;

await runCommand(usage, () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') && !argv.includes('--remote')) console.log(`${usage}\n`);
  const { playwright, remote, failFast } = e2eRun(argv);
  if (remote) {
    console.log(
      `e2e: the specs tagged @${remote} and the composition smoke (${smokeTag})` +
        (failFast ? ', stopping at the first failure.' : '.'),
    );
  } else if (failFast) console.log('e2e: stopping at the first failure.');
  const passed = runPnpm(['--filter', 'e2e', 'exec', 'playwright', 'test', ...playwright]);
  process.exitCode = passed ? 0 : 1;
});
