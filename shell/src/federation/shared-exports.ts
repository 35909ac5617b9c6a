import * as siteRouter from 'site-router';

/**
 * The exports of each narrowed shared package (build-config/src/topology.ts `narrowedShared`) that this shell
 * ships and lends to remotes: its own copy's runtime exports, the list its build writes into its manifest
 * (metaData.sharedExports). The run-time compatibility check refuses a remote that imports any other.
 */
export const shippedSharedExports: Readonly<Record<string, readonly string[]>> = {
  'site-router': Object.keys(siteRouter).sort(),
};
