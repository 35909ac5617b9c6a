#!/usr/bin/env -S node --import tsx
/**
 * The site's command-line program: `tsx platform/cli/src/main.ts <command> [arguments]`, which every root
 * package.json script runs (npm start, npm test, pnpm release …). The commands are in program.ts.
 */
import { runProgram } from './program.ts';

await runProgram(process.argv.slice(2));
