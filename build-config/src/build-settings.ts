import { portBase } from './topology.ts';

/**
 * What an app's build or dev server takes from its environment. Its rsbuild.config.ts (the process's entry, which
 * Rsbuild loads) parses it once with `buildSettings(process.env)` and hands it to the shared configuration, which
 * reads no environment itself (issue 43, item 4).
 */
export interface BuildSettings {
  /** AGENCY_PORT_BASE: the ports of this copy of the site (topology.ts); a bad value stops the build, naming it. */
  portBase: number;
  /**
   * AGENCY_DEV_AGAINST=1: `pnpm dev <remote> --against <site>` (platform/release-client/src/dev-against.ts) runs
   * this dev server inside a production shell.
   */
  againstProduction: boolean;
  /** NODE_ENV=development, which Rsbuild sets for a dev server before it loads the config. */
  development: boolean;
}

export function buildSettings(env: NodeJS.ProcessEnv): BuildSettings {
  return {
    portBase: portBase(env),
    againstProduction: env.AGENCY_DEV_AGAINST === '1',
    development: env.NODE_ENV === 'development',
  };
}
