import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { enquiryApi, host, originAt, type RemoteName, remotes, shell } from 'build-config/topology';
import { serverBuildDir } from 'deploy-model/layout';
import { packageVersionProblem } from 'deploy-model/version';
import { appDist, repoRoot } from 'platform-kit/paths';
import type { SiteAddresses, SiteSettings } from 'platform-kit/settings/site';
import { localRuntimeConfig } from 'shared-content/site';
import {
  alteredFiles,
  readIntegrityRecord,
  recordOf,
  sealManifest,
  writeIntegrityRecord,
} from './integrity.ts';
import {
  precompressedSource,
  precompressFile,
  precompressFolder,
  removePrecompressed,
} from './precompress.ts';
import { recordPublished } from './release-log.ts';
import { writeFileAtomic } from './remote-map-file.ts';

/** Files of the shell's folder that belong to the environment, not to a shell build. */
const environmentFiles = new Set(['remotes.json', 'runtime.json']);
/** Written into the shell's folder for the environment's site URL (pages/crawler-files.ts), not built. */
const crawlerFiles = new Set(['sitemap.xml', 'robots.txt']);

/** The shell's Node build, as `pnpm build` leaves it. */
export const shellServerDist = () => join(repoRoot, shell.folder, 'dist-server');

/**
 * A build's version: its package version plus a hash of its manifest (which names every hashed file of the
 * browser build) and of its Node build's files (`ssr/`, whose entry has no hash in its name), so a build whose
 * Node half alone changed (a new build tool) is a new version rather than the old folder with stale Node code.
 */
export function releaseVersion(buildDir: string): string {
  const manifest = join(buildDir, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`${buildDir} has no mf-manifest.json: build the remote first`);
  const raw = readFileSync(manifest);
  const hash = createHash('sha256').update(raw);
  for (const file of filesBelow(join(buildDir, 'ssr')))
    hash.update(join('ssr', file)).update(readFileSync(join(buildDir, 'ssr', file)));
  return `${packageVersion(manifest, raw)}-${hash.digest('hex').slice(0, 8)}`;
}

/** A file of the shell's folder the environment owns (its maps, crawler files, their temporary and lock files). */
export function isEnvironmentFile(file: string): boolean {
  return environmentFiles.has(file) || crawlerFiles.has(file) || /\.(tmp|lock)$/.test(basename(file));
}

/**
 * A shell build's version, the same whether read from its dist/ or from a deploy folder's shell/: its package
 * version plus a hash of every file of its browser and Node builds, leaving out the files the environment adds
 * (remotes.json, runtime.json, sitemap.xml, robots.txt and their temporary files) and the precompressed
 * siblings publishing writes (precompress.ts). The shell is published
 * in place rather than into version folders, so this is how a start tells whether dist/ holds the live shell.
 */
export function shellVersion(browserDir: string, serverDir: string): string {
  const manifest = join(browserDir, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`${browserDir} has no mf-manifest.json: build the shell first`);
  const hash = createHash('sha256');
  // The precompressed siblings publishing writes are the same bytes again: not part of the build.
  const built = filesBelow(browserDir).filter(
    (file) => !isEnvironmentFile(file) && precompressedSource(file) === undefined,
  );
  for (const file of built) hash.update(`browser/${file}`).update(readFileSync(join(browserDir, file)));
  for (const file of filesBelow(serverDir))
    hash.update(`server/${file}`).update(readFileSync(join(serverDir, file)));
  return `${packageVersion(manifest, readFileSync(manifest))}-${hash.digest('hex').slice(0, 8)}`;
}

interface ManifestMeta {
  metaData?: { buildInfo?: { buildVersion?: unknown } };
}

/**
 * The package version a build's manifest records (0.0.0 when it records none); a version outside the grammar of
 * versions (deploy-model/version: what folders and links accept alike) is refused, never published.
 */
function packageVersion(manifest: string, raw: Buffer): string {
  let buildVersion: unknown;
  try {
    buildVersion = (JSON.parse(raw.toString('utf8')) as ManifestMeta).metaData?.buildInfo?.buildVersion;
  } catch (error) {
    throw new Error(`${manifest} is not valid JSON (${(error as Error).message})`);
  }
  if (typeof buildVersion !== 'string') return '0.0.0';
  const problem = packageVersionProblem(buildVersion);
  if (problem) throw new Error(`${manifest}: ${problem}`);
  return buildVersion;
}

/** Every file below `root`, relative to it, in a stable order (none when there is no such folder). */
export function filesBelow(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The URL a published remote version's manifest is served at. Locally each remote folder is served at the
 * root of its own port. AGENCY_REMOTES_ORIGIN (e.g. https://cdn.example.com) says the whole deploy folder
 * is uploaded to one static host/CDN instead: <origin>/<remote-folder>/<version>/mf-manifest.json.
 */
export function manifestUrl(name: RemoteName, version: string, addresses: SiteAddresses): string {
  const cdn = addresses.remotesOrigin;
  if (cdn) {
    return `${cdn.replace(/\/+$/, '')}/${remotes[name].folder}/${version}/mf-manifest.json`;
  }
  return `${originAt(remotes[name], addresses.portBase)}/${version}/mf-manifest.json`;
}

/** The Node build of a version (`ssr/`): read by the prerender step, never fetched by a browser. */
const nodeBuild = (path: string) => path.startsWith('ssr/');

/**
 * Copies a remote's build (its dist/ unless another build folder is given) into deploy/<folder>/<version>/,
 * seals it (integrity.ts), writes the brotli and gzip forms of its browser files (precompress.ts; after the
 * seal, which rewrites the manifest), records every file, siblings included, records the publish, and returns
 * the version. Idempotent: the same build is the same version, and a version folder that still matches its
 * record is left as it is. One whose files were altered since (or that predates sealing or precompression) is
 * copied from the build again: a new release restores it.
 */
export function publishRemoteBuild(
  deploy: string,
  name: RemoteName,
  buildDir = appDist(remotes[name].folder),
): string {
  const { folder } = remotes[name];
  const version = releaseVersion(buildDir);
  const target = join(deploy, folder, version);
  const record = existsSync(target) ? readIntegrityRecord(deploy, folder, version) : null;
  if (!record?.precompressed || alteredFiles(target, record).length > 0) {
    const staging = `${target}.staging`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(buildDir, staging, { recursive: true });
    sealManifest(staging);
    precompressFolder(staging, nodeBuild);
    writeIntegrityRecord(deploy, folder, version, { ...recordOf(staging), precompressed: true });
    // Rename last so the server never serves a half-copied version.
    const retired = `${target}.retired`;
    if (existsSync(target)) renameSync(target, retired);
    renameSync(staging, target);
    rmSync(retired, { recursive: true, force: true });
  }
  recordPublished(deploy, folder, version);
  return version;
}

/**
 * Replaces the shell's files in deploy/shell, keeping the environment's remotes.json and runtime.json, and its
 * Node build (for the prerender step) in deploy/shell-server, which is never served. Its files get their
 * precompressed siblings (precompress.ts).
 */
export function publishShell(deploy: string) {
  const target = join(deploy, shell.folder);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(target)) {
    if (!environmentFiles.has(entry)) rmSync(join(target, entry), { recursive: true, force: true });
  }
  cpSync(appDist(shell.folder), target, { recursive: true });
  // The environment's files change in place while the site runs: never a sibling that could go stale.
  precompressFolder(target, isEnvironmentFile);
  const server = serverBuildDir(deploy);
  rmSync(server, { recursive: true, force: true });
  const serverBuild = shellServerDist();
  if (existsSync(serverBuild)) cpSync(serverBuild, server, { recursive: true });
}

/**
 * Copies a shell build's browser files over the live shell folder (a shell release: the old hashed files stay
 * until the new pages are written) and writes their precompressed siblings. A file overwritten in place loses
 * its old siblings first, so no sibling is ever served for bytes it was not made from. Returns the files of the
 * old shell the new one does not have, their siblings included, for the caller to remove once the new pages
 * are live; the environment's files stay.
 */
export function copyShellBuild(browserDir: string, target: string): string[] {
  mkdirSync(target, { recursive: true });
  const incoming = new Set(filesBelow(browserDir));
  const retired = filesBelow(target).filter(
    (file) => !isEnvironmentFile(file) && !incoming.has(precompressedSource(file) ?? file),
  );
  for (const file of incoming) removePrecompressed(join(target, file));
  cpSync(browserDir, target, { recursive: true });
  for (const file of incoming) if (!isEnvironmentFile(file)) precompressFile(join(target, file));
  return retired;
}

const embeddedRuntimeConfig = (apiOrigin: string) =>
  `${JSON.stringify(localRuntimeConfig(apiOrigin), null, 2)}\n`;

/**
 * Whether runtime.json is, byte for byte, the embedded default an earlier start wrote for a local enquiry API
 * (on this machine's loopback, at whatever port base that start had): a default, not an operator's choice.
 */
function isEmbeddedDefault(text: string): boolean {
  try {
    const { apiUrl } = JSON.parse(text) as { apiUrl?: unknown };
    if (typeof apiUrl !== 'string') return false;
    const url = new URL(apiUrl);
    const local = url.protocol === 'http:' && url.hostname === host && url.origin === apiUrl;
    return local && text === embeddedRuntimeConfig(apiUrl);
  } catch {
    return false;
  }
}

/**
 * Writes runtime.json with the embedded defaults unless the environment has its own. A file that is still the
 * embedded default, written by a start under another AGENCY_PORT_BASE, follows this start's enquiry API: left
 * alone, the forms would post to a port nobody listens on. Returns whether it wrote the file.
 */
export function ensureRuntimeConfig(deploy: string, site: Pick<SiteSettings, 'portBase'>): boolean {
  const file = join(deploy, shell.folder, 'runtime.json');
  const wanted = embeddedRuntimeConfig(originAt(enquiryApi, site.portBase));
  if (existsSync(file)) {
    const current = readFileSync(file, 'utf8');
    if (current === wanted || !isEmbeddedDefault(current)) return false;
  }
  writeFileAtomic(file, wanted);
  return true;
}
