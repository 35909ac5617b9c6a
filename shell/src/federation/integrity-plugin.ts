import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteIntegrity, RemoteMap } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { IntegrityError } from './load-errors.ts';

/**
 * Subresource integrity for remote code (platform/deploy-folder/src/integrity.ts seals each release). The chain of trust
 * starts on the shell's own origin:
 * - remotes.json carries the SHA-384 of each remote's mf-manifest.json: the manifest is hashed here before
 *   the runtime reads it;
 * - the sealed manifest lists the SHA-384 of every script and stylesheet of that version: each element the
 *   runtime creates for the remote gets its `integrity`, so the browser refuses a file whose bytes differ;
 * - the remote entry carries its chunks' hashes (the remote's build), so its own chunk loader checks them too.
 * A remote whose manifest does not match is refused at once and for good (no retry: the bytes on its origin
 * are not the released ones); its prerendered sections stay, its other slots fall back.
 * Outside the development shell every remote counts as sealed: one the map gives no integrity (which the map's
 * parser already refuses) has its manifest refused and every file it asks for given an integrity no file can
 * match, so no remote code ever runs unchecked.
 */
export { IntegrityError };

/** An integrity no file can have: a file of a sealed remote that its release did not list never runs. */
const unlistedFile = `sha384-${'A'.repeat(64)}`;

export interface IntegrityState {
  /** Takes remotes.json's manifest URLs and hashes (again on every load of the map). */
  setRemoteMap(urls: RemoteMap, integrity: RemoteIntegrity): void;
  /** Remotes refused for a manifest that differs from its release: permanent for this page. */
  refused(remote: RemoteName): IntegrityError | undefined;
  /** A visitor's Retry checks the remote again (a new release may have restored its files). */
  forgetRefusal(remote: RemoteName): void;
  plugin(): ModuleFederationRuntimePlugin;
}

async function sriOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', new Uint8Array(bytes)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

const absolute = (url: string) =>
  new URL(url, typeof location === 'undefined' ? undefined : location.href).href;

/**
 * `fetchFile` fetches the manifests and the files it checks: the page's fetch in the browser, the prerender's
 * transport in Node (remote-registry.ts passes the shell's fetch).
 */
export function createIntegrityState(
  report: (message: string) => void = console.error,
  fetchFile: typeof fetch = (input, init) => fetch(input, init),
  {
    sealedOnly = true,
    devOverride = () => undefined,
  }: {
    sealedOnly?: boolean;
    /**
     * The one remote a dev preview (pnpm dev <remote> --against) loads from a loopback dev server, which seals
     * nothing: its map entry, and only one on that origin, may lack an integrity (remote-map-source.ts).
     */
    devOverride?: () => { remote: RemoteName; origin: string } | undefined;
  } = {},
): IntegrityState {
  let urls: RemoteMap = {};
  let manifests: RemoteIntegrity = {};
  /** Absolute file URL → its SRI value, from each sealed manifest the runtime has read. */
  const files = new Map<string, string>();
  const refusals = new Map<RemoteName, IntegrityError>();

  const fromDevServer = (remote: string) => {
    const override = devOverride();
    const url = urls[remote as RemoteName];
    return (
      override?.remote === remote &&
      manifests[remote] === undefined &&
      url !== undefined &&
      new URL(url).origin === override.origin
    );
  };

  const sealed = (remote: string | undefined): remote is RemoteName =>
    remote !== undefined &&
    ((sealedOnly && !fromDevServer(remote)) || manifests[remote as RemoteName] !== undefined);

  /** The integrity for a file of a sealed remote: the listed one, or one that can never match. */
  const integrityFor = (remote: RemoteName, url: string) => {
    const listed = files.get(absolute(url));
    if (!listed) report(`[shell] ${remote}: ${url} is not a file its release recorded; refusing to run it`);
    return listed ?? unlistedFile;
  };

  const refuse = (remote: RemoteName, url: string) => {
    const error = new IntegrityError(
      `${remote}: ${url} differs from what its release recorded (SHA-384); none of ${remote}'s code will run`,
    );
    refusals.set(remote, error);
    report(`[shell] ${error.message}`);
    return error;
  };

  /**
   * A file of a sealed remote failed to load. The browser does not say whether the network failed or the bytes
   * did not match; fetching it again from the origin and hashing it tells. Altered bytes mean the remote's
   * origin no longer serves its release: the whole remote is refused, as for its manifest. The fetch bypasses
   * and refreshes the HTTP cache: hashed files are cached for a year, and a copy altered once would otherwise
   * keep failing after the origin serves the released bytes again (the loader's next try then succeeds).
   */
  async function checkFailedFile(remote: RemoteName, url: string, expected: string) {
    try {
      const response = await fetchFile(url, { mode: 'cors', credentials: 'omit', cache: 'reload' });
      // A missing file or a failing server is an outage, not altered code: the loader's retries handle it.
      if (!response.ok) return;
      const bytes = await response.arrayBuffer();
      if ((await sriOf(bytes)) !== expected) refuse(remote, url);
    } catch {
      // Unreachable now: a network failure, which the loader's retries handle.
    }
  }

  /**
   * Manifests whose fetch failed on this page. The next fetch of one bypasses the HTTP cache: WebKit answers
   * every later plain fetch of a URL whose preload failed with that same failure for the rest of the page, so a
   * retry after the remote's origin is back would never reach it. The first fetch stays a plain one, which every
   * engine matches to the page's preload (a file fetched once).
   */
  const failedManifests = new Set<string>();

  /** Fetches a sealed remote's manifest and lets the runtime read it only if its bytes are the released ones. */
  async function checkedManifest(remote: RemoteName, url: string, init: RequestInit): Promise<Response> {
    const key = absolute(url);
    const again = failedManifests.has(key);
    let response: Response;
    try {
      response = await fetchFile(url, again ? { ...init, cache: 'reload' } : init);
    } catch (error) {
      failedManifests.add(key);
      throw error;
    }
    if (!response.ok) {
      failedManifests.add(key);
      return response;
    }
    const bytes = await response.arrayBuffer();
    if ((await sriOf(bytes)) !== manifests[remote]) throw refuse(remote, url);
    return new Response(bytes, { status: response.status, headers: response.headers });
  }

  return {
    setRemoteMap(nextUrls, nextIntegrity) {
      urls = nextUrls;
      manifests = nextIntegrity;
    },
    refused: (remote) => refusals.get(remote),
    forgetRefusal: (remote) => refusals.delete(remote),
    plugin: () => ({
      name: 'shell-remote-integrity',
      fetch(url, init, remoteInfo) {
        const remote = remoteInfo?.name;
        if (!sealed(remote) || absolute(url) !== absolute(urls[remote] ?? '')) return undefined;
        return checkedManifest(remote, url, init);
      },
      loadRemoteSnapshot(args) {
        const { manifestJson, manifestUrl, moduleInfo } = args;
        const listed = (manifestJson?.metaData as { integrity?: unknown } | undefined)?.integrity;
        if (sealed(moduleInfo.name) && manifestUrl && typeof listed === 'object' && listed !== null) {
          for (const [path, hash] of Object.entries(listed)) {
            if (typeof hash === 'string') files.set(new URL(path, absolute(manifestUrl)).href, hash);
          }
        }
        return args;
      },
      createScript({ url, attrs, remoteInfo }) {
        const remote = remoteInfo?.name;
        if (typeof document === 'undefined' || !sealed(remote)) return undefined;
        const script = document.createElement('script');
        for (const [name, value] of Object.entries(attrs ?? {})) {
          if (name === 'async' || name === 'defer') script[name] = Boolean(value);
          else script.setAttribute(name, String(value));
        }
        script.src = url;
        script.crossOrigin = 'anonymous';
        script.integrity = integrityFor(remote, url);
        script.addEventListener('error', () => void checkFailedFile(remote, url, script.integrity), {
          once: true,
        });
        return script;
      },
      createLink({ url, attrs, remoteInfo }) {
        const remote = remoteInfo?.name;
        if (typeof document === 'undefined' || !sealed(remote)) return undefined;
        const link = document.createElement('link');
        for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
        link.href = url;
        link.crossOrigin = 'anonymous';
        link.integrity = integrityFor(remote, url);
        return link;
      },
    }),
  };
}
