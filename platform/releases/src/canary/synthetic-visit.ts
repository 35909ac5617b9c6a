/**
 * A synthetic visit of a canary: its pages (every route with a slot of its remote, from the deployed shell's
 * route table) opened on the live site in headless Chromium, as a visitor in the canary's bucket, by a driver
 * of ours in a child process (synthetic-worker.ts) with the browser confined by the sandbox (platform-kit/sandbox:
 * no network, its own user). Asynchronous: the release service keeps answering while it runs.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { originAt, type RemoteName, shell } from 'build-config/topology';
import { deployedSite } from 'deploy-folder/site-description';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { bucketCookie, bucketOf, newBucketIdentifier } from 'federation/bucket';
import { type RemoteMapDocument, resolveRemoteMap } from 'federation/remote-map';
import { debianChromium } from 'platform-kit/chromium';
import { openSandbox } from 'platform-kit/sandbox';
export interface SyntheticVisitRequest {
  executablePath: string;
  profileDir: string;
  /** The shell's origin: the pages are opened there. */
  siteOrigin: string;
  /** The origins the driver fetches for the browser (the shell's and the remotes'); every other is refused. */
  allowedOrigins: string[];
  cookie: { name: string; value: string };
  remote: RemoteName;
  /** The canary version's folder URL: a request under it shows that the visit loaded the canary ('' for none). */
  canaryBase: string;
  pages: Array<{ path: string; codeSlots: string[] }>;
  pageTimeoutMs: number;
}

/**
 * One page's outcome: no problem, a problem of the canary's (`canary`: its slot's fallback, a page error, no
 * hydration in time), or of the visit (`site`: the page did not load, another version was served), which says
 * nothing of the canary.
 */
export interface SyntheticPageReport {
  path: string;
  kind?: 'canary' | 'site';
  problem?: string;
  ms?: number;
}

/** Long enough for a slow shared machine; a page whose canary slots neither hydrate nor fail by then fails. */
export const syntheticPageTimeoutMs = 20_000;

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** The canary's pages: every route of the deployed shell with a slot of the remote, and its slots that load code. */
export function pagesOfRemote(deploy: string, remote: RemoteName): SyntheticVisitRequest['pages'] {
  return deployedSite(deploy)
    .routes.filter((route) => route.slots.some((slot) => slot.remote === remote))
    .map((route) => ({
      path: route.path,
      codeSlots: route.slots
        .filter((slot) => slot.remote === remote && slot.needsCode)
        .map((slot) => `${slot.remote}/${slot.module}`),
    }));
}

/** A bucket identifier whose bucket (0–99) resolves the remote to `version` in this map; undefined if none does. */
export function identifierFor(
  document: RemoteMapDocument,
  remote: RemoteName,
  version: string | undefined,
): string | undefined {
  const buckets = Array.from({ length: 100 }, (_, bucket) => bucket).filter((bucket) =>
    version === undefined
      ? !(document.microFrontends[remote] ?? []).some(
          (entry) =>
            !entry.deployment.default &&
            resolveRemoteMap(document, bucket)[remote]?.version === entry.metadata.version,
        )
      : resolveRemoteMap(document, bucket)[remote]?.version === version,
  );
  if (buckets.length === 0) return undefined;
  const wanted = new Set(buckets);
  // About 100 tries on average for one bucket: an identifier is 16 random bytes hashed.
  for (let tries = 0; tries < 100_000; tries += 1) {
    const identifier = newBucketIdentifier();
    if (wanted.has(bucketOf(identifier))) return identifier;
  }
  return undefined;
}

/** The origins of the site: the shell's, and each remote version's as the map names it. */
export function siteOrigins(document: RemoteMapDocument, settings: ChangeSettings): string[] {
  const origins = new Set([originAt(shell, settings.portBase)]);
  for (const entries of Object.values(document.microFrontends))
    for (const entry of entries ?? []) origins.add(new URL(entry.url).origin);
  return [...origins];
}

export interface VisitOptions {
  deploy: string;
  document: RemoteMapDocument;
  remote: RemoteName;
  /** The canary's version: visited as a visitor in its bucket; undefined: as a visitor outside every canary of it. */
  version: string | undefined;
  settings: ChangeSettings;
  pageTimeoutMs?: number;
  /** Ends the visit at once (the release service stopping): its driver is killed, and the browser with it. */
  signal?: AbortSignal;
}

/**
 * Visits the remote's pages once, in a browser of its own; resolves to one report per page. Rejects when the
 * visit could not run at all (no browser, the driver failed): that says nothing of the canary.
 */
export async function visitPages(options: VisitOptions): Promise<SyntheticPageReport[]> {
  const { deploy, document, remote, version, settings } = options;
  const browser = settings.chromePath ?? debianChromium;
  if (!existsSync(browser))
    throw new Error(
      `there is no Chromium at ${browser}: install it (apt-get install chromium) or set CHROME_PATH`,
    );
  const pages = pagesOfRemote(deploy, remote);
  if (pages.length === 0) return [];
  const identifier = identifierFor(document, remote, version);
  if (!identifier) throw new Error(`no bucket resolves ${remote} to ${version ?? 'its default version'}`);
  const canary = version
    ? (document.microFrontends[remote] ?? []).find((entry) => entry.metadata.version === version)
    : undefined;
  const pageTimeoutMs = options.pageTimeoutMs ?? syntheticPageTimeoutMs;
  const sandbox = openSandbox('canary-visit');
  try {
    const request: SyntheticVisitRequest = {
      executablePath: sandbox.confine(browser),
      profileDir: sandbox.home,
      siteOrigin: originAt(shell, settings.portBase),
      allowedOrigins: siteOrigins(document, settings),
      cookie: { name: bucketCookie, value: identifier },
      remote,
      canaryBase: canary ? canary.url.replace(/[^/]*$/, '') : '',
      pages,
      pageTimeoutMs,
    };
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', tsxLoader, join(import.meta.dirname, 'synthetic-worker.ts'), JSON.stringify(request)],
        {
          encoding: 'utf8',
          env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: sandbox.dir, LANG: 'C.UTF-8' },
          maxBuffer: 16 * 1024 * 1024,
          // Every page's own limit, and the browser's start and stop.
          timeout: pages.length * (pageTimeoutMs + 5000) + 30_000,
          killSignal: 'SIGKILL',
          ...(options.signal ? { signal: options.signal } : {}),
        },
        (error, out, err) => {
          if (error) {
            const said = sandbox.hide(String(err).trim().split('\n').slice(-5).join('\n'));
            reject(
              new Error(
                `the synthetic visit could not run: ${sandbox.hide(error.message.split('\n')[0] ?? '')}${said ? `\n${said}` : ''}`,
              ),
            );
          } else resolve(out);
        },
      );
    });
    return JSON.parse(sandbox.hide(stdout)) as SyntheticPageReport[];
  } finally {
    sandbox.remove();
  }
}
