/**
 * The transport the prerenderer gives the Module Federation runtime in Node: every URL the deployed site
 * serves (the shell's run-time files, each remote's manifest, Node entry and chunks) is read from the deploy
 * folder it is served from, so prerendering needs no running server and sees exactly what visitors get.
 * Any other URL (a remote the map points at elsewhere) goes to the network as usual. A remote's file is
 * checked against what its release recorded (deploy-folder's integrity.ts): one that differs is refused, so the prerender
 * never renders altered remote code; that remote's slots get their fallback, as in a visitor's browser.
 * Given a remote map, the transport answers the shell's remotes.json with it instead of the deployed one: the
 * pages of a variant (../pages/variants.ts) render its versions, whatever the deployed map's shares.
 */

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { originAt, remoteNames, remotes, shell } from 'build-config/topology';
import { type IntegrityRecord, integrityOf, readIntegrityRecord } from 'deploy-folder/integrity';
import { remoteMapFile } from 'deploy-folder/remote-map-file';
import type { RemoteMapDocument } from 'federation/remote-map';
import type { SiteAddresses } from 'platform-kit/settings/site';

/** URL prefix → deploy sub-folder, most specific first. */
export function deployMounts(deploy: string, addresses: SiteAddresses): Array<[string, string]> {
  const mounts: Array<[string, string]> = remoteNames.map((name) => [
    `${originAt(remotes[name], addresses.portBase)}/`,
    join(deploy, remotes[name].folder),
  ]);
  const cdn = addresses.remotesOrigin?.replace(/\/+$/, '');
  if (cdn) mounts.unshift([`${cdn}/`, deploy]);
  mounts.push([`${originAt(shell, addresses.portBase)}/`, join(deploy, shell.folder)]);
  return mounts;
}

/** The deploy file a URL is served from, or null if the deploy folder does not serve that URL. */
export function deployFileFor(url: string, mounts: Array<[string, string]>): string | null {
  for (const [prefix, dir] of mounts) {
    if (!url.startsWith(prefix)) continue;
    const path = decodeURIComponent(new URL(url).pathname.slice(new URL(prefix).pathname.length));
    const file = normalize(join(dir, path));
    // Never outside the mount, whatever the URL says.
    if (file !== dir && !file.startsWith(`${dir}${sep}`)) return null;
    return file;
  }
  return null;
}

/** A remote file the prerender will not use, because it is not what the remote's release recorded. */
export class IntegrityRefusal extends Error {
  override name = 'IntegrityRefusal';
}

const remoteFolders = new Set<string>(remoteNames.map((name) => remotes[name].folder));

/**
 * Why a remote's file must not be used, or null when it is what the release recorded (or not a remote's
 * file at all). Records are read once per version.
 */
export function integrityProblem(
  deploy: string,
  file: string,
  bytes: Uint8Array,
  records = new Map<string, IntegrityRecord | null>(),
): string | null {
  const [folder, version, ...rest] = relative(deploy, file).split(sep);
  if (!folder || !version || rest.length === 0 || !remoteFolders.has(folder)) return null;
  const key = `${folder}/${version}`;
  if (!records.has(key)) records.set(key, readIntegrityRecord(deploy, folder, version));
  const record = records.get(key);
  const path = rest.join('/');
  if (!record) return `${folder} ${version} has no integrity record: release it again`;
  const expected = record.files[path];
  if (!expected) return `${folder} ${version}/${path} is not a file its release recorded`;
  if (integrityOf(bytes) !== expected) {
    return `${folder} ${version}/${path} differs from what its release recorded (SHA-384)`;
  }
  return null;
}

/**
 * A fetch that answers the deploy folder's URLs from disk (404 when the file is missing), and the remote map
 * with `remoteMap` when one is given.
 */
export function deployFetch(
  deploy: string,
  addresses: SiteAddresses,
  network: typeof fetch = fetch,
  remoteMap?: RemoteMapDocument,
): typeof fetch {
  const mounts = deployMounts(deploy, addresses);
  const shellOrigin = originAt(shell, addresses.portBase);
  const records = new Map<string, IntegrityRecord | null>();
  const mapFile = remoteMapFile(deploy);
  return async (input, init) => {
    const raw = input instanceof Request ? input.url : String(input);
    // The shell fetches its run-time files by path, as a page on its own origin does.
    const url = raw.startsWith('/') ? `${shellOrigin}${raw}` : raw;
    const file = deployFileFor(url, mounts);
    if (file === null) return network(input, init);
    if (remoteMap && file === mapFile) {
      return new Response(JSON.stringify(remoteMap), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      return new Response('Not found', { status: 404, statusText: 'Not Found' });
    }
    const bytes = readFileSync(file);
    const problem = integrityProblem(deploy, file, bytes, records);
    // Refused like an unreachable file, not answered: the runtime would evaluate any body it gets as code.
    if (problem) throw new IntegrityRefusal(`refused ${url}: ${problem}`);
    const type = file.endsWith('.json') ? 'application/json' : 'text/javascript';
    return new Response(bytes, { status: 200, headers: { 'Content-Type': type } });
  };
}
