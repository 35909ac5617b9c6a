/**
 * The canary's changes to one remote's entry of the remote map, as pure functions of the document: the release
 * tooling applies them under the map's lock (updateRemoteMap), which validates the result before writing it.
 * A remote's entry holds its default version and at most one canary (federation/remote-map.ts).
 */
import type { RemoteName } from 'build-config/topology';
import type { RemoteMapDocument, RemoteVersionEntry } from 'federation/remote-map';

export const defaultEntry = (document: RemoteMapDocument, name: RemoteName): RemoteVersionEntry | undefined =>
  document.microFrontends[name]?.find((entry) => entry.deployment.default);

export const canaryEntry = (document: RemoteMapDocument, name: RemoteName): RemoteVersionEntry | undefined =>
  document.microFrontends[name]?.find((entry) => !entry.deployment.default);

const withVersions = (
  document: RemoteMapDocument,
  name: RemoteName,
  versions: RemoteVersionEntry[],
): RemoteMapDocument => ({ ...document, microFrontends: { ...document.microFrontends, [name]: versions } });

/** The default keeps 100 − percent of the buckets, the canary takes percent (listed second, as it came second). */
export function withCanary(
  document: RemoteMapDocument,
  name: RemoteName,
  stable: RemoteVersionEntry,
  canary: RemoteVersionEntry,
  percent: number,
): RemoteMapDocument {
  return withVersions(document, name, [
    { ...stable, deployment: { traffic: 100 - percent, default: true } },
    { ...canary, deployment: { traffic: percent, default: false } },
  ]);
}

/** One version for everyone, keeping the time it entered the map (its canary's start, after a promote). */
export function onlyVersion(
  document: RemoteMapDocument,
  name: RemoteName,
  entry: RemoteVersionEntry,
): RemoteMapDocument {
  return withVersions(document, name, [{ ...entry, deployment: { traffic: 100, default: true } }]);
}
