import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The one source of truth for the apps' names, folders, ports and local URLs.
 * Read by the rsbuild configs, the production server, the release tool and the e2e suite.
 * Node-only: browser code never imports this file (the shell learns remote URLs from remotes.json at run time).
 */

/** Module Federation names must be JS identifiers, so they differ from the folder names. */
export const remotes = {
  mf_marketing: { folder: 'mf-marketing', offset: 1 },
  mf_portfolio: { folder: 'mf-portfolio', offset: 2 },
  mf_contact: { folder: 'mf-contact', offset: 3 },
} as const;

export type RemoteName = keyof typeof remotes;
export const remoteNames = Object.keys(remotes) as RemoteName[];

export const shell = { folder: 'shell', offset: 0 } as const;
export const enquiryApi = { folder: 'enquiry-api', offset: 10 } as const;
/** Teams' pipelines release through it (release-service/); loopback only unless its operator says otherwise. */
export const releaseService = { folder: 'release-service', offset: 11 } as const;
/**
 * With nginx in front (start --nginx), nginx listens on the enquiry API's and the release service's ports and
 * passes their requests to these, on loopback only.
 */
export const enquiryApiBehindProxy = { folder: 'enquiry-api', offset: 20 } as const;
export const releaseServiceBehindProxy = { folder: 'release-service', offset: 21 } as const;
/**
 * The staging environment (AGENCY_STAGING=on: docs/releasing.md#staging) is a second copy of the site on the same
 * host: its shell and remotes listen at their own offsets plus this one (3030, 3031–3033 on the default base).
 */
export const stagingPortShift = 30;

/**
 * Every local port derives from one base, so a second copy of the site (a parallel test run, a
 * worktree) can run beside the first with AGENCY_PORT_BASE=4000 and nothing else changed. The environment is
 * always the caller's: a process's entry hands in its own (`process.env`), a library the settings it was given.
 */
export function portBase(env: NodeJS.ProcessEnv): number {
  const raw = env.AGENCY_PORT_BASE;
  if (raw === undefined || raw === '') return 3000;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base > 65000) {
    throw new Error(`AGENCY_PORT_BASE must be an integer between 1024 and 65000, got "${raw}"`);
  }
  return base;
}

export const host = 'localhost';

/** An app's port for the AGENCY_PORT_BASE in `env`. */
export function portOf(app: { offset: number }, env: NodeJS.ProcessEnv): number {
  return portBase(env) + app.offset;
}

/** An app's local origin for the AGENCY_PORT_BASE in `env`. */
export function originOf(app: { offset: number }, env: NodeJS.ProcessEnv): string {
  return `http://${host}:${portOf(app, env)}`;
}

/** An app's port from a port base already read (a process's parsed settings: platform-kit/settings/site). */
export const portAt = (app: { offset: number }, base: number): number => base + app.offset;

/** An app's local origin from a port base already read. */
export const originAt = (app: { offset: number }, base: number): string =>
  `http://${host}:${portAt(app, base)}`;

export type RemoteMap = Record<RemoteName, string>;

/** The remote map as the dev servers serve it: each remote's manifest at the root of its dev server. */
export function devRemoteMap(env: NodeJS.ProcessEnv): RemoteMap {
  return Object.fromEntries(
    remoteNames.map((name) => [name, `${originOf(remotes[name], env)}/mf-manifest.json`]),
  ) as RemoteMap;
}

/**
 * The singletons the shell provides to every remote: one React, one router, one emotion cache and theme.
 * The router is lent as site-router, the few react-router-dom exports remotes may use, not react-router-dom
 * itself: a shared module is bundled whole, while the shell's own react-router-dom is tree-shaken.
 */
export const sharedSingletons = [
  'react',
  'react-dom',
  'site-router',
  '@emotion/react',
  '@emotion/styled',
] as const;

/**
 * Singletons whose exports are narrowed to a small surface. Every build records them in its mf-manifest.json
 * (build-config/src/shared-surface-plugin.ts): a remote, which of their exports its code imports
 * (metaData.sharedImports); the shell, which exports it ships (metaData.sharedExports). A remote importing an
 * export the shell does not ship is refused (federation/src/compatibility.ts).
 */
export const narrowedShared = ['site-router'] as const satisfies readonly (typeof sharedSingletons)[number][];

export interface SharedSingletonConfig {
  singleton: true;
  requiredVersion: string;
}

/**
 * Module Federation `shared` options for an app: the singletons with a caret range on the version
 * installed for that app, read from its node_modules (package.json says "catalog:", not a version).
 */
export function federationShared(appDir: string): Record<string, SharedSingletonConfig> {
  const require = createRequire(join(appDir, 'package.json'));
  return Object.fromEntries(
    sharedSingletons.map((name) => {
      const { version } = require(`${name}/package.json`) as { version: string };
      return [name, { singleton: true, requiredVersion: `^${version}` }];
    }),
  );
}
