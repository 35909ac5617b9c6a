/**
 * What a prerender in a sandbox (platform-kit/sandbox) reads: a copy of the part of the deploy folder a render
 * needs, laid out as the deploy is, so the worker and its transport (deploy-fetch.ts) read it as they read a
 * deploy: the shell's Node build, the shell's run-time files, and each remote's version the render pins with
 * its integrity record. Nothing else: not `releases/`'s keys, secrets or logs, not the other versions, not the
 * pages. A copy, not links: links would lead out of what the sandbox may read, and the deploy's own folders
 * may be closed to the sandbox's user. Copied files are the host's and read-only to that user.
 */
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { remoteNames, remotes, shell } from 'build-config/topology';
import { integrityRecordFile } from 'deploy-folder/integrity';
import { serverBuildDir } from 'deploy-model/layout';
import type { ResolvedRemoteMap } from 'federation/remote-map';

/** Copies a folder's directories and regular files (never a link, device or FIFO), readable by anyone. */
export function copyReadable(from: string, to: string, { recursive = true } = {}): void {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true, mode: 0o755 });
  chmodSync(to, 0o755);
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    const stat = lstatSync(source);
    if (stat.isDirectory()) {
      if (recursive) copyReadable(source, target);
    } else if (stat.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, 0o644);
    }
  }
}

/** Every folder and file under `dir` readable by anyone (the sandbox's user), written by the host only. */
export function makeReadable(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) makeReadable(path);
    else if (entry.isFile()) chmodSync(path, 0o644);
  }
}

function copyFile(from: string, to: string): void {
  if (!existsSync(from) || !lstatSync(from).isFile()) return;
  mkdirSync(join(to, '..'), { recursive: true, mode: 0o755 });
  copyFileSync(from, to);
  chmodSync(to, 0o644);
}

/** Copies into `view` what a render of the deploy with these versions reads; `except` is copied by the caller. */
export function copyRenderView(
  deploy: string,
  view: string,
  resolved: ResolvedRemoteMap,
  except?: { folder: string; version: string },
): void {
  copyReadable(serverBuildDir(deploy), serverBuildDir(view));
  copyReadable(join(deploy, shell.folder), join(view, shell.folder), { recursive: false });
  for (const name of remoteNames) {
    const version = resolved[name]?.version;
    const { folder } = remotes[name];
    if (!version || (except?.folder === folder && except.version === version)) continue;
    // A version is one path segment; anything else is not the deploy's, and is not copied.
    if (version.includes('/') || version.includes('\\') || version === '..' || version === '.') continue;
    copyReadable(join(deploy, folder, version), join(view, folder, version));
    copyFile(integrityRecordFile(deploy, folder, version), integrityRecordFile(view, folder, version));
  }
}
