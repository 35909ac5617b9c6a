/**
 * The settings of the test runner (`npm test`, `pnpm test:e2e`), the bench and the dev servers: how to run
 * pnpm again, which browser, and whether this is CI. The only module that reads these variables;
 * docs/settings.md lists them.
 */
import type { Env } from './read.ts';
import { chromePathSetting } from './release-service.ts';

/**
 * How to run pnpm again from a script: the way the bootstrap reached it (AGENCY_PNPM: installed, or through npx
 * on a fresh machine), else the pnpm that runs this script (pnpm names its own file in npm_execpath, so
 * `npx pnpm release …` works where pnpm is not on the PATH), else `pnpm` from the PATH.
 */
export function pnpmCommandSetting(env: Env): string[] {
  if (env.AGENCY_PNPM) return env.AGENCY_PNPM.split(' ');
  const execPath = env.npm_execpath;
  if (execPath && /pnpm/i.test(execPath))
    return /\.[cm]?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  return ['pnpm'];
}

/** Whether pnpm was reached through npx (AGENCY_PNPM set by the bootstrap), for the start's closing hint. */
export function pnpmThroughNpx(env: Env): boolean {
  return env.AGENCY_PNPM?.startsWith('npx') ?? false;
}

/** CI: set by every CI service; tests that would skip for a missing tool fail instead. */
export function inCi(env: Env): boolean {
  return Boolean(env.CI);
}

export interface ToolSettings {
  pnpm: string[];
  chromePath: string | undefined;
  ci: boolean;
}

/** The tools' settings (none can be wrong: an unset one has its default). */
export function loadToolSettings(env: Env): ToolSettings {
  return { pnpm: pnpmCommandSetting(env), chromePath: chromePathSetting(env), ci: inCi(env) };
}
