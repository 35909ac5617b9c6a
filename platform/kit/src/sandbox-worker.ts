/**
 * Imported first by a worker that runs in a sandbox with Node's permission model (sandbox.ts). Under Node 20's
 * model, fs.existsSync throws ERR_ACCESS_DENIED for a path it may not read, where it answers false for a path
 * that is not there; the federation runtime's chunk loader in Node asks the disk first (existsSync) and takes
 * the transport only on false. Answered false, as later Node versions do: reading it is still refused.
 */
import { createRequire } from 'node:module';

const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const existsSync = fs.existsSync;
fs.existsSync = (path) => {
  try {
    return existsSync(path);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_ACCESS_DENIED') return false;
    throw error;
  }
};
