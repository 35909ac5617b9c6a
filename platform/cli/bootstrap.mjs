#!/usr/bin/env node
// `npm start` / `npm test` on a fresh machine that has only Node and npm: get pnpm (through npx when it is not
// installed), install the workspace exactly as locked, then hand over to the
// TypeScript program.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);
// The two commands a fresh clone runs before anything is installed; the program (src/main.ts) has them all.
const commands = ['start', 'test'];
if (!commands.includes(command)) {
  console.error(`usage: node platform/cli/bootstrap.mjs ${commands.join('|')} [args]`);
  process.exit(2);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: this project needs Node 20.19 or newer.`);
  process.exit(1);
}

const { packageManager } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const hasPnpm =
  spawnSync('pnpm', ['--version'], { stdio: 'ignore', shell: process.platform === 'win32' }).status === 0;
const pnpm = hasPnpm ? ['pnpm'] : ['npx', '--yes', packageManager];

function run(argv) {
  const [bin, ...rest] = argv;
  const result = spawnSync(bin, rest, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run([...pnpm, 'install', '--frozen-lockfile']);
// The TypeScript scripts call pnpm again (builds); tell them how it was reached.
process.env.AGENCY_PNPM = pnpm.join(' ');
run([...pnpm, 'exec', 'tsx', 'platform/cli/src/main.ts', command, ...args]);
