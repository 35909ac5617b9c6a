/**
 * How much one upload may hold. A build of this site is a few MB; the limits stop a mistaken or hostile upload
 * (a whole node_modules, a gzip bomb) before it fills the host's disk.
 */
import { defaultUploadMegabytes } from 'platform-kit/settings/release-service';
export interface UploadLimits {
  /** The archive as sent (gzipped). */
  maxBytes: number;
  /** The sum of its files' sizes once unpacked. */
  maxUnpackedBytes: number;
  /** Files and folders in it. */
  maxEntries: number;
  /**
   * The body's timeout: an upload must have arrived within `bodyGraceMs` plus one second per
   * `minBytesPerSecond` it sent (Apache's mod_reqtimeout `MinRate`), so one that stalls or trickles (a byte
   * every 10 s) ends in seconds with 408, while a large build on a slow link still arrives.
   */
  bodyGraceMs: number;
  minBytesPerSecond: number;
}

const megabyte = 1024 * 1024;
/** Unpacked, a build may be this many times its archive's limit (text compresses about 4 to 1). */
const unpackedFactor = 4;
const maxEntries = 5000;
/** 10 s to start, then at least 64 kB/s on average: a 50 MB build may take 13 minutes, a stalled one 10 s. */
const bodyGraceMs = 10_000;
const minBytesPerSecond = 64 * 1024;

/**
 * The limits, with the archive's size in megabytes as the service's settings read it (AGENCY_RELEASE_MAX_UPLOAD_MB,
 * platform-kit/settings/release-service); the unpacked limit follows it.
 */
export function uploadLimits(megabytes: number = defaultUploadMegabytes): UploadLimits {
  const maxBytes = Math.floor(megabytes * megabyte);
  return {
    maxBytes,
    maxUnpackedBytes: maxBytes * unpackedFactor,
    maxEntries,
    bodyGraceMs,
    minBytesPerSecond,
  };
}

/** "50 MB", for messages. */
export const inMegabytes = (bytes: number) => `${Math.round((bytes / megabyte) * 10) / 10} MB`;
