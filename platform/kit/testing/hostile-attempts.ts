/**
 * What code a compromised team's CI uploads would try on the release host (issue 40), as one function a test runs
 * in the sandbox, in Node (hostile-worker.ts, under Node's permission model) or in a confined process: read the
 * operator's key, the team keys and the environment, write into the deploy, start a process and call a server
 * on the host's loopback. Each attempt's outcome is `ok: <what it got>` or `refused: <error code>`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export interface HostileTargets {
  /** Files it must not read (the operator key, keys.json, a page of the live site, the checkout). */
  read: Record<string, string>;
  /** Files it must not write (a file in the live shell's folder, a file in its own view). */
  write: Record<string, string>;
  /** A file it may write: its own home. Shows that a refusal is the sandbox's, not a broken attempt. */
  ownFile: string;
  /** A server of the test's on the host's loopback, which counts the requests it gets. */
  server: string;
}

export type HostileOutcomes = Record<string, string>;

const refusal = (error: unknown) =>
  `refused: ${(error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;

function attempt(outcomes: HostileOutcomes, name: string, run: () => string): void {
  try {
    outcomes[name] = `ok: ${run()}`;
  } catch (error) {
    outcomes[name] = refusal(error);
  }
}

export async function hostileAttempts(targets: HostileTargets): Promise<HostileOutcomes> {
  const outcomes: HostileOutcomes = {};
  for (const [name, file] of Object.entries(targets.read))
    attempt(outcomes, `read ${name}`, () => readFileSync(file, 'utf8'));
  for (const [name, file] of Object.entries(targets.write))
    attempt(outcomes, `write ${name}`, () => {
      writeFileSync(file, 'pwned');
      return 'written';
    });
  attempt(outcomes, 'write its own home', () => {
    writeFileSync(targets.ownFile, 'scratch');
    return 'written';
  });
  attempt(outcomes, 'start a process', () => execFileSync('/bin/sh', ['-c', 'id -u'], { encoding: 'utf8' }));
  outcomes.environment = JSON.stringify(process.env);
  outcomes.user = String(process.getuid?.());
  try {
    const response = await fetch(targets.server, { signal: AbortSignal.timeout(3000) });
    outcomes['call the host'] = `ok: ${response.status}`;
  } catch (error) {
    outcomes['call the host'] = refusal(error);
  }
  return outcomes;
}
