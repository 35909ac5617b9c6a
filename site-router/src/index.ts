/**
 * site-router: the part of React Router that remotes and shared-content's UI kit may import.
 *
 * Why the surface is small: the shell lends this package to every remote as a singleton (one router, so a
 * remote's <Link> navigates in the shell's router). A shared module is bundled whole, since the shell cannot
 * know what a remote will import, so sharing react-router-dom itself shipped all of it (196 kB minified) in
 * every page. Sharing only this module lets the shell's build tree-shake react-router-dom to these exports and
 * the shell's own (BrowserRouter, Routes, NavLink, StaticRouter, …), which it imports from react-router-dom
 * directly: the same module this file re-exports in the shell's build, so both use one router context.
 *
 * Adding an export: add it here and to `siteRouterSurface`, and release the shell before any remote that uses
 * it. A remote's mf-manifest.json records which of these exports it imports (metaData.sharedImports); the
 * contract check and the shell's run-time check refuse a remote that imports one the deployed shell does not
 * ship (metaData.sharedExports of the shell's manifest). Biome forbids react-router-dom in remotes (biome.jsonc).
 */
export { Link, useLocation, useSearchParams } from 'react-router-dom';

/** The router exports above, by name: what remotes may import (index.test.ts keeps it equal to them). */
export const siteRouterSurface = [
  'Link',
  'useLocation',
  'useSearchParams',
] as const satisfies readonly (keyof typeof import('react-router-dom'))[];

export type SiteRouterExport = (typeof siteRouterSurface)[number];
