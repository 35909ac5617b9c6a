/**
 * pnpm check:contracts — every remote's build against the shell's: the exposes the shell imports and the
 * remote's contract declares, the shared singleton versions, and the site-router exports the remote imports
 * (which the shell must ship). Part of the test command; the same check guards every release.
 */
import { remotes } from 'build-config/topology';
import { checkAllBuilds } from 'site-pages/contracts/contract-check';

export function checkContracts() {
  const results = Object.entries(checkAllBuilds()) as [keyof typeof remotes, string[]][];
  for (const [name, problems] of results) {
    if (problems.length === 0) console.log(`  ok    ${remotes[name].folder}`);
    else
      console.log(
        `  FAIL  ${remotes[name].folder}\n${problems.map((problem) => `        - ${problem}`).join('\n')}`,
      );
  }
  const failing = results.filter(([, problems]) => problems.length > 0).length;
  if (failing > 0) throw new Error(`The contract check failed for ${failing} remote(s); see above.`);
  console.log('Every remote is compatible with the shell.');
}
