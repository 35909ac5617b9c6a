/**
 * Which exports of a narrowed shared package (topology.ts `narrowedShared`: site-router) a build's code imports,
 * from what rspack's module graph records about the build: every use of the package goes through its
 * consume-shared module, and each named import or re-export of it is one dependency naming the export. Pure, so
 * it is tested on its own (shared-surface.test.ts); shared-surface-plugin.ts reads the graph and writes the
 * result into the build's mf-manifest.json.
 */

/** One use of a module, as rspack's module graph records it (an incoming connection's dependency). */
export interface ModuleReference {
  /** The dependency's type, e.g. "esm import specifier". */
  type: string;
  /**
   * For a named import or re-export: the export it reads, then any properties read from it (`ns.Link.x` gives
   * ["Link", "x"]); empty when the whole namespace is used (`import * as ns` passed around, `export *`).
   */
  ids?: readonly string[] | undefined;
}

/** Stands for "every export" when the package's own export list is unknown. */
export const allExports = '*';

/** The import or re-export statement itself: it only loads the module; its names are references of their own. */
const statementTypes = new Set(['esm import', 'esm export import']);
/** A named import or re-export (`import { Link as L }`, `export { Link } from`, `ns.Link` of a namespace). */
const specifierTypes = new Set(['esm import specifier', 'esm export import specifier']);

/**
 * The exports a build's code imports from a shared package, sorted. A use that names no export (a namespace
 * import used as a whole, `export *`, `import()`, `require`) counts as importing every export the package has
 * (`packageExports`, the exports of the copy the build was made with), or `*` if that is unknown.
 */
export function importedExports(
  references: readonly ModuleReference[],
  packageExports: readonly string[] | null,
): string[] {
  const names = new Set<string>();
  for (const { type, ids } of references) {
    if (statementTypes.has(type)) continue;
    const name = specifierTypes.has(type) ? ids?.[0] : undefined;
    if (name !== undefined) names.add(name);
    else for (const each of packageExports ?? [allExports]) names.add(each);
  }
  return [...names].sort();
}

/**
 * The package a Module Federation consume-shared or provide-shared module stands for, from its identifier
 * ("consume shared module (default) site-router@^1.0.0 (strict) (fallback: …)",
 * "provide shared module (default) site-router@1.0.0 = …"); null for any other module.
 */
export function sharedPackageOf(identifier: string): { kind: 'consume' | 'provide'; name: string } | null {
  const match = /^(consume|provide) shared module \([^)]*\) ((?:@[^@/\s]+\/)?[^@\s]+)@/.exec(identifier);
  if (!match) return null;
  return { kind: match[1] as 'consume' | 'provide', name: match[2] as string };
}
