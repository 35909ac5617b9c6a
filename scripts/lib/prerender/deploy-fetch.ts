/**
 * The transport the prerenderer gives the Module Federation runtime in Node: every URL the deployed site
 * serves (the shell's run-time files, each remote's manifest, Node entry and chunks) is read from the deploy
 * folder it is served from, so prerendering needs no running server and sees exactly what visitors get.
 * Any other URL (a remote the map points at elsewhere) goes to the network as usual.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { originOf, remoteNames, remotes, shell } from 'shared-content/topology';

/** URL prefix → deploy sub-folder, most specific first. */
export function deployMounts(deploy: string, env: NodeJS.ProcessEnv): Array<[string, string]> {
  const mounts: Array<[string, string]> = remoteNames.map((name) => [
    `${originOf(remotes[name], env)}/`,
    join(deploy, remotes[name].folder),
  ]);
  const cdn = env.AGENCY_REMOTES_ORIGIN?.replace(/\/+$/, '');
  if (cdn) mounts.unshift([`${cdn}/`, deploy]);
  mounts.push([`${originOf(shell, env)}/`, join(deploy, shell.folder)]);
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

/** A fetch that answers the deploy folder's URLs from disk (404 when the file is missing). */
export function deployFetch(
  deploy: string,
  env: NodeJS.ProcessEnv,
  network: typeof fetch = fetch,
): typeof fetch {
  const mounts = deployMounts(deploy, env);
  const shellOrigin = originOf(shell, env);
  return async (input, init) => {
    const raw = input instanceof Request ? input.url : String(input);
    // The shell fetches its run-time files by path, as a page on its own origin does.
    const url = raw.startsWith('/') ? `${shellOrigin}${raw}` : raw;
    const file = deployFileFor(url, mounts);
    if (file === null) return network(input, init);
    if (!existsSync(file) || !statSync(file).isFile()) {
      return new Response('Not found', { status: 404, statusText: 'Not Found' });
    }
    const type = file.endsWith('.json') ? 'application/json' : 'text/javascript';
    return new Response(readFileSync(file), { status: 200, headers: { 'Content-Type': type } });
  };
}
