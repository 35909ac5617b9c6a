/**
 * What an uploaded archive must hold to be a build of the remote (or shell) it is sent for, checked from the
 * listing before anything is unpacked.
 */

import type { ReleaseScope } from 'build-config/release-protocol';
import { remotes, shell } from 'build-config/topology';
import { packageVersionProblem } from 'deploy-model/version';
import type { ArchiveListing } from './archive-entries.ts';
import { UploadError } from './upload-error.ts';

interface Layout {
  /** Where the browser build sits in the archive ('' for a remote, whose archive is its dist/). */
  browserRoot: string;
  /** Module Federation's name for the app, which its manifest must carry. */
  federationName: string;
  /** Files without which the archive is not a build. */
  required: string[];
  /** Top-level folders the archive may hold, when it may hold only these. */
  onlyFolders?: string[];
}

const manifestFile = 'mf-manifest.json';

export function layoutOf(scope: ReleaseScope): Layout {
  if (scope === shell.folder) {
    return {
      browserRoot: 'dist/',
      federationName: 'shell',
      // The prerender step runs the shell's Node build from its index.js (prerender/prerender.ts).
      required: ['dist/index.html', `dist/${manifestFile}`, 'dist-server/index.js'],
      onlyFolders: ['dist', 'dist-server'],
    };
  }
  const name = Object.entries(remotes).find(([, remote]) => remote.folder === scope)?.[0];
  if (!name) throw new Error(`${scope} is neither a remote nor the shell`);
  return { browserRoot: '', federationName: name, required: [manifestFile] };
}

/** The archive path of the manifest for a scope, for listArchive to capture. */
export const manifestPathOf = (scope: ReleaseScope) => `${layoutOf(scope).browserRoot}${manifestFile}`;

interface AssetList {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
}
interface ManifestShape {
  name?: unknown;
  id?: unknown;
  metaData?: {
    name?: unknown;
    remoteEntry?: { name?: unknown; path?: unknown };
    ssrRemoteEntry?: { name?: unknown; path?: unknown };
    buildInfo?: { buildVersion?: unknown };
  };
  shared?: { assets?: AssetList }[];
  exposes?: { assets?: AssetList }[];
}

/** Refuses an archive that is not a build of `scope`: files missing, a manifest unreadable or of another app. */
export function checkBuildContents(scope: ReleaseScope, listing: ArchiveListing) {
  const layout = layoutOf(scope);
  const what = scope === shell.folder ? 'the shell' : scope;
  for (const file of layout.required) {
    if (!listing.files.has(file)) {
      throw new UploadError(
        400,
        'no-manifest',
        `The archive has no ${file}: it is not a build of ${what}${scope === shell.folder ? ' (send its dist/ and dist-server/)' : ' (send the files of its dist/ at the archive’s root)'}.`,
      );
    }
  }
  if (layout.onlyFolders) {
    const stray = [...listing.files].find((file) => !layout.onlyFolders?.includes(file.split('/')[0] ?? ''));
    if (stray) {
      throw new UploadError(
        400,
        'path-outside',
        `The archive's ${JSON.stringify(stray)} is outside ${layout.onlyFolders.map((folder) => `${folder}/`).join(' and ')}, all a shell build holds: refused.`,
      );
    }
  }
  const manifestPath = manifestPathOf(scope);
  const manifest = parseManifest(manifestPath, listing.captured.get(manifestPath));
  const named = [manifest.name, manifest.id, manifest.metaData?.name].filter((name) => name !== undefined);
  const other = named.find((name) => name !== layout.federationName);
  if (named.length === 0 || other !== undefined) {
    throw new UploadError(
      400,
      'wrong-remote',
      `The archive's ${manifestPath} is for ${other === undefined ? 'no named app' : JSON.stringify(other)}, not ${layout.federationName} (${what}): refused.`,
    );
  }
  // The version names the folder it is published into and the links made for it: one grammar for all of them.
  const buildVersion = manifest.metaData?.buildInfo?.buildVersion;
  const versionProblem = buildVersion === undefined ? undefined : packageVersionProblem(String(buildVersion));
  if (versionProblem)
    throw new UploadError(400, 'bad-version', `${versionProblem} Refused; nothing was written.`);
  const missing = assetsOf(manifest).find((asset) => !listing.files.has(`${layout.browserRoot}${asset}`));
  if (missing) {
    throw new UploadError(
      400,
      'integrity',
      `The archive's ${manifestPath} names ${missing}, which the archive does not hold: refused.`,
    );
  }
}

function parseManifest(path: string, bytes: Buffer | undefined): ManifestShape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes?.toString('utf8') ?? '');
  } catch (error) {
    throw new UploadError(
      400,
      'bad-manifest',
      `The archive's ${path} is not JSON (${(error as Error).message}).`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UploadError(400, 'bad-manifest', `The archive's ${path} is not a JSON object.`);
  }
  return parsed as ManifestShape;
}

/** Every file a Module Federation manifest points a browser or Node at, relative to its build folder. */
export function assetsOf(manifest: ManifestShape): string[] {
  const assets: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') assets.push(value);
  };
  for (const entry of [manifest.metaData?.remoteEntry, manifest.metaData?.ssrRemoteEntry]) {
    if (typeof entry?.name !== 'string' || entry.name === '') continue;
    const folder = typeof entry.path === 'string' ? entry.path.replace(/^\/+|\/+$/g, '') : '';
    add(folder ? `${folder}/${entry.name}` : entry.name);
  }
  for (const item of [
    ...(Array.isArray(manifest.shared) ? manifest.shared : []),
    ...(Array.isArray(manifest.exposes) ? manifest.exposes : []),
  ]) {
    for (const kind of [item?.assets?.js, item?.assets?.css]) {
      for (const list of [kind?.sync, kind?.async]) {
        if (Array.isArray(list)) list.forEach(add);
      }
    }
  }
  return [...new Set(assets)];
}
