/**
 * How much one upload may hold. A build of this site is a few MB; the limits stop a mistaken or hostile upload
 * (a whole node_modules, a gzip bomb) before it fills the host's disk.
 */
import { processEnvironment } from 'platform-kit/settings/read';
import { uploadMegabytesSetting } from 'platform-kit/settings/release-service';
export interface UploadLimits {
  /** The archive as sent (gzipped). */
  maxBytes: number;
  /** The sum of its files' sizes once unpacked. */
  maxUnpackedBytes: number;
  /** Files and folders in it. */
  maxEntries: number;
}

const megabyte = 1024 * 1024;
/** Unpacked, a build may be this many times its archive's limit (text compresses about 4 to 1). */
const unpackedFactor = 4;
const maxEntries = 5000;

/** The limits, with the archive's size settable by AGENCY_RELEASE_MAX_UPLOAD_MB (the unpacked limit follows it). */
export function uploadLimits(env: NodeJS.ProcessEnv = processEnvironment()): UploadLimits {
  const maxBytes = Math.floor(uploadMegabytesSetting(env) * megabyte);
  return { maxBytes, maxUnpackedBytes: maxBytes * unpackedFactor, maxEntries };
}

/** "50 MB", for messages. */
export const inMegabytes = (bytes: number) => `${Math.round((bytes / megabyte) * 10) / 10} MB`;
