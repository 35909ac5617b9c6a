/**
 * A worker for sandbox.test.ts: runs the hostile attempts (hostile-attempts.ts) with the targets given as JSON
 * and prints their outcomes as JSON, as a team's Node build would run in the release gates or the prerender.
 *   hostile-worker.ts <targets JSON>
 */
import '../src/sandbox-worker.ts';
import { type HostileTargets, hostileAttempts } from './hostile-attempts.ts';

const targets = JSON.parse(process.argv[2] ?? '{}') as HostileTargets;
process.stdout.write(JSON.stringify(await hostileAttempts(targets)));
