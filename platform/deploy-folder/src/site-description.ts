/**
 * The deployed shell's description of itself (federation/site-description.ts): the route table, 404 page and
 * imports the host serves, read from the shell folder of the deploy (or any shell build folder), never from the
 * host's source checkout. Read again only when the file changes, so a static host asks it on every request and
 * a shell released over HTTP takes effect at once.
 *
 * A shell built before it wrote `site.json` has none: then, and only then, this checkout's own table stands in
 * (`npm start` publishes the checkout's shell, which has one; a shell release brings its own).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { shell } from 'build-config/topology';
import {
  describeSite,
  parseSiteDescription,
  type SiteDescription,
  siteDescriptionFile,
} from 'federation/site-description';

interface Cached {
  stamp: string;
  description: SiteDescription;
}

const cache = new Map<string, Cached>();

/** The description in a shell build folder (a deployed shell, or shell/dist); throws when it is malformed. */
export function shellSiteDescription(shellDir: string): SiteDescription {
  const file = join(shellDir, siteDescriptionFile);
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return describeSite();
  }
  const cached = cache.get(file);
  if (cached?.stamp === stamp) return cached.description;
  const description = parseSiteDescription(readFileSync(file, 'utf8'));
  cache.set(file, { stamp, description });
  return description;
}

/** The description of the shell live in a deploy folder. */
export const deployedSite = (deploy: string): SiteDescription =>
  shellSiteDescription(join(deploy, shell.folder));
