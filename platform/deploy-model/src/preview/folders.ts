import type { RemoteName } from 'build-config/topology';
import { remotes } from 'build-config/topology';

/**
 * The folder of a preview's pages, relative to the pages (also what a host serves a preview browser from).
 * Apart from registry.ts, which reads and writes files, so nginx's njs module (nginx/njs/) bundles this one.
 */
export const previewPagesDir = (remote: RemoteName, version: string) =>
  `previews/${remotes[remote].folder}/${version}`;
