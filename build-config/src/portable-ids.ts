/**
 * The same commit builds to the same bytes in any checkout, wherever it is (a team's CI, a second clone, the
 * host). Rspack names most modules by their path relative to the app, and the production ids Rsbuild picks
 * (`compact-hashed`) are a hash of that name. Three kinds of module carry the checkout's absolute path inside
 * their name instead, where Rspack's relative-path step does not look:
 *
 * - a consume-shared module: `consume shared module (default) react@^19 (strict) (fallback: /abs/…/react/index.js)`;
 * - a provide-shared module: `provide shared module (default) react@19.3.1 = /abs/…/react/index.js`;
 * - the Module Federation runtime's entry, a `data:` module whose source imports the bundler runtime and the
 *   runtime plugins by absolute path (the unminified Node builds also print those paths as variable names).
 *
 * So their module ids, the chunks' ids (a chunk that holds only consume-shared modules is named after them), and
 * every content hash, file name and manifest entry built on those differed between two clones of one commit
 * (webpack/webpack#20852, module-federation/core#4830). `optimization.moduleIds: 'named'` is the known way out, but
 * it did not fix the chunk ids and wrote every module's path into the browser's code (7% more gzip). Instead:
 *
 * - the runtime entry's imports are rewritten relative to the app before its module is created, so its name and
 *   its Node build's variable names hold no checkout path;
 * - before Rspack hands out module ids, the modules whose names still embed the workspace root get ids of the
 *   form compact-hashed ids take (a letter, then letters and digits, as short as is unique), hashed from the name
 *   with the root cut out; Rspack's compact-hashed ids for every other module avoid them;
 * - chunk ids are numbers in order of use (`'size'`), decided from the chunks' graph and their modules' ids,
 *   never from a hash of module names. Each release is served from a folder of its own version, so ids that
 *   stay put across versions would buy no caching; the numbers are also a few bytes shorter.
 *
 * Only a production build's hashed ids are changed; a dev server keeps its named ones.
 */
import { createHash } from 'node:crypto';
import { relative, resolve, sep } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';

/** The checkout this build-config is in: build-config/src/ is two levels below it. */
export const workspaceRoot = resolve(import.meta.dirname, '..', '..');

const dataModule = 'data:text/javascript,';
const firstChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const nextChars = `${firstChars}0123456789`;

/**
 * A `data:text/javascript,` request whose source imports files of the workspace by absolute path, with those
 * imports made relative to `context` (where Rspack resolves a data module's imports); any other request as it is.
 */
export function portableDataRequest(request: string, context: string, root = workspaceRoot): string {
  const at = request.indexOf(dataModule);
  if (at < 0) return request;
  const head = request.slice(0, at + dataModule.length);
  const source = decodeURIComponent(request.slice(head.length));
  const rewritten = source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"((?:[^"\\]|\\.)*)"/g,
    (whole, keyword: string, quoted: string) => {
      const path = JSON.parse(`"${quoted}"`) as string;
      if (!isInside(path, root)) return whole;
      const fromContext = relative(context, path).split(sep).join('/');
      return `${keyword}${JSON.stringify(fromContext.startsWith('.') ? fromContext : `./${fromContext}`)}`;
    },
  );
  return rewritten === source ? request : head + encodeURIComponent(rewritten);
}

const isInside = (path: string, root: string) => path === root || path.startsWith(`${root}${sep}`);

/**
 * A module's name with the workspace root cut out, or null when Rspack's own relative-path step already makes
 * it portable (the root, if anywhere, only at the start of a `|`- or `!`-separated part).
 */
export function portableName(identifier: string, root = workspaceRoot): string | null {
  const embedded = identifier.split(/[|!]/).some((part) => part.includes(root) && !part.startsWith(root));
  return embedded ? identifier.split(root).join('<workspace>') : null;
}

/** The id of the form Rspack's compact-hashed ids take, from `name`: its shortest prefix not in `used`. */
export function compactId(name: string, used: ReadonlySet<string>): string {
  const digest = createHash('sha256').update(name).digest();
  let id = firstChars[(digest[0] ?? 0) % firstChars.length] ?? 'a';
  for (let i = 1; used.has(id); i++) {
    if (i >= digest.length) throw new Error(`No unique module id for ${name}`);
    id += nextChars[(digest[i] ?? 0) % nextChars.length];
  }
  return id;
}

interface IdModule {
  identifier: string | (() => string);
  id?: string | number | null;
}

/** Ids for the modules whose names embed the workspace root, in name order so the result is the same anywhere. */
export function assignPortableIds(modules: Iterable<IdModule>, root = workspaceRoot): void {
  const named = [...modules]
    .map((module) => {
      const identifier = typeof module.identifier === 'function' ? module.identifier() : module.identifier;
      return { module, name: portableName(identifier, root) };
    })
    .filter((entry): entry is { module: IdModule; name: string } => entry.name !== null)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const used = new Set<string>();
  for (const { module, name } of named) {
    const id = compactId(name, used);
    used.add(id);
    module.id = id;
  }
}

class PortableIdsRspackPlugin {
  apply(compiler: Rspack.Compiler) {
    const name = 'agency:portable-ids';
    compiler.hooks.normalModuleFactory.tap(name, (factory) => {
      factory.hooks.beforeResolve.tap(name, (data) => {
        data.request = portableDataRequest(data.request, data.context);
      });
    });
    compiler.hooks.compilation.tap(name, (compilation) => {
      compilation.hooks.beforeModuleIds.tap(name, (modules) => {
        assignPortableIds(modules as Iterable<IdModule>);
      });
    });
  }
}

/** The id schemes that hash module or chunk names (Rsbuild's production default is compact-hashed). */
const hashedIds = new Set(['compact-hashed', 'compat-hashed', 'deterministic', 'hashed']);

/**
 * Makes the module and chunk ids of a production build, and so its bytes, independent of where the checkout is;
 * in the environments named (all by default).
 */
export function pluginPortableIds({
  environments,
}: {
  environments?: readonly string[];
} = {}): RsbuildPlugin {
  return {
    name: 'agency:portable-ids',
    setup(api) {
      api.modifyRspackConfig((config, { environment }) => {
        if (environments && !environments.includes(environment.name)) return;
        const { moduleIds, chunkIds } = config.optimization ?? {};
        if (typeof moduleIds === 'string' && hashedIds.has(moduleIds)) {
          config.plugins = [...(config.plugins ?? []), new PortableIdsRspackPlugin()];
        }
        if (typeof chunkIds === 'string' && hashedIds.has(chunkIds)) {
          config.optimization = { ...config.optimization, chunkIds: 'size' };
        }
      });
    },
  };
}
