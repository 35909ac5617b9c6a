#!/usr/bin/env -S node --import tsx
/**
 * The site's command-line program: `tsx platform/cli/src/main.ts <command> [arguments]`, which every root
 * package.json script runs (npm start, npm test, pnpm release …). The commands are in program.ts.
 */
import { portBase } from 'build-config/topology';

// Every command's ports, and the helps that name them, come from AGENCY_PORT_BASE: a bad one is said in one line
// before the program loads (helps.ts reads the ports as it is imported), not as a stack trace.
try {
  portBase(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { runProgram } = await import('./program.ts');
await runProgram(process.argv.slice(2));
