/**
 * The one-bundle build's stand-in for remote-registry.ts (swapped in by shell/rsbuild.config.ts when
 * AGENCY_ONE_BUNDLE=1): the same exports, but every exposed module is imported from the remotes' source as an
 * ordinary lazy chunk of the shell. Only the benchmark builds this, to measure what federation costs.
 */

import { componentLoaders } from 'build-config/contract';
import type { RemoteMap } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { exposes as contactExposes } from 'mf-contact/exposes';
import { exposes as marketingExposes } from 'mf-marketing/exposes';
import { exposes as portfolioExposes } from 'mf-portfolio/exposes';
import type { ComponentType } from 'react';
import type { LoadFailureReason } from 'shared-content/enquiry/telemetry-contract';
import { createBackgroundRetry } from './background-retry.ts';

type Loaders = Record<string, () => Promise<{ default: unknown }>>;

const loaders: Record<RemoteName, Loaders> = {
  mf_marketing: componentLoaders(marketingExposes),
  mf_portfolio: componentLoaders(portfolioExposes),
  mf_contact: componentLoaders(contactExposes),
};

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** Nothing to fetch: the modules are part of this build. */
export const loadRemoteMap = async (): Promise<RemoteMap> => ({});

export async function loadExposedComponent(
  remote: RemoteName,
  module: string,
  _attempt: number,
): Promise<{ default: ComponentType<object> }> {
  const load = loaders[remote][module];
  if (!load) throw new RemoteLoadError(`${remote}/${module} is not in the one-bundle build`);
  return (await load()) as { default: ComponentType<object> };
}

/** One build, no versions of its own: the health beacons name none. */
export const remoteVersion = (_remote: RemoteName): string | undefined => undefined;

/** Only a missing module fails here, and nothing in this build is loaded over the network by a remote. */
export const loadFailureReason = (_error: unknown): LoadFailureReason => 'network';
export const isLoadFailure = (error: unknown): boolean => error instanceof RemoteLoadError;

export const onRemoteRetry = (_remote: RemoteName, _listener: () => void) => () => undefined;
export const requestRemoteRetry = (_remote: RemoteName) => undefined;

/** Nothing loads over the network here, so nothing waits for a background retry. */
export const backgroundRetry = createBackgroundRetry(() => undefined);
