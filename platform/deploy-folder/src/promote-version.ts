/**
 * A sealed remote version copied from one environment's deploy folder to another's (staging's to production's:
 * docs/releasing.md#staging) as the same build: the same version, the same bytes. Its integrity record (every
 * file's SHA-384, integrity.ts) is the digest both copies are held to: the source is checked against it before
 * anything is copied, and the copy before it is renamed into place, so production never serves a byte staging
 * did not. The record and the version's source go with it; the publish is recorded in the target's release log.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ReleaseError } from 'deploy-model/release-error';
import {
  alteredFiles,
  type IntegrityRecord,
  integrityRecordFile,
  readIntegrityRecord,
  writeIntegrityRecord,
} from './integrity.ts';
import { recordPublished } from './release-log.ts';
import { readVersionSource, versionSourceFile } from './version-source.ts';

const sameRecord = (one: IntegrityRecord | null, other: IntegrityRecord) =>
  one !== null && JSON.stringify(one.files) === JSON.stringify(other.files);

/** Refuses unless `dir` holds exactly the files its record names, with their digests. */
function requireSealed(dir: string, record: IntegrityRecord, what: string) {
  const altered = alteredFiles(dir, record);
  if (altered.length > 0)
    throw new ReleaseError(
      `${what} differs from its seal (${altered.slice(0, 5).join(', ')}${altered.length > 5 ? ', …' : ''}); ` +
        'nothing changed. Release the build to staging again.',
    );
}

/** A copy made, to be kept (its publish recorded once the change goes ahead) or taken back (it was refused). */
export interface SealedCopy {
  /** false: the target held that sealed version already, and it is left as it was. */
  copied: boolean;
  /** Records the publish in the target's release log. */
  keep(): void;
  /** Removes what the copy added (nothing when it copied nothing): a refused change leaves no file behind. */
  undo(): void;
}

/**
 * Copies `folder/version` from the deploy `from` to the deploy `to`, checked by digest at both ends. Refused,
 * changing nothing in `to`, when `from` has no sealed copy of it or its copy differs from its seal.
 */
export function copySealedVersion(
  from: string,
  to: string,
  folder: string,
  version: string,
  label = 'staging',
): SealedCopy {
  const record = readIntegrityRecord(from, folder, version);
  if (!record)
    throw new ReleaseError(
      `${folder} ${version} has no seal on ${label}; nothing changed. Release the build to ${label} again.`,
      'unknown-version',
    );
  requireSealed(join(from, folder, version), record, `${label}'s copy of ${folder} ${version}`);
  const target = join(to, folder, version);
  const keep = () => recordPublished(to, folder, version);
  if (
    existsSync(target) &&
    sameRecord(readIntegrityRecord(to, folder, version), record) &&
    alteredFiles(target, record).length === 0
  )
    return { copied: false, keep, undo: () => undefined };
  const incoming = `${target}.incoming`;
  rmSync(incoming, { recursive: true, force: true });
  try {
    cpSync(join(from, folder, version), incoming, { recursive: true });
    requireSealed(incoming, record, `The copy of ${folder} ${version}`);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  const hadRecord = existsSync(integrityRecordFile(to, folder, version));
  writeIntegrityRecord(to, folder, version, record);
  const source = readVersionSource(from, folder, version);
  const wroteSource = source !== undefined && !existsSync(versionSourceFile(to, folder, version));
  if (wroteSource)
    writeFileSync(versionSourceFile(to, folder, version), `${JSON.stringify(source, null, 2)}\n`);
  // Renamed last, as a publish does: the host never serves a half-copied version.
  const retired = `${target}.retired`;
  const replaced = existsSync(target);
  if (replaced) renameSync(target, retired);
  renameSync(incoming, target);
  if (replaced) rmSync(retired, { recursive: true, force: true });
  return {
    copied: true,
    keep,
    undo() {
      // A copy that replaced altered files stays: it is the sealed build, which a release would restore too.
      if (replaced || hadRecord) return;
      rmSync(target, { recursive: true, force: true });
      rmSync(integrityRecordFile(to, folder, version), { force: true });
      if (wroteSource) rmSync(versionSourceFile(to, folder, version), { force: true });
      const records = dirname(integrityRecordFile(to, folder, version));
      if (readdirSync(records).length === 0) rmdirSync(records);
    },
  };
}
