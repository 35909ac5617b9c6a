/**
 * The one grammar of a published version: what a build may call itself, what a version folder
 * (deploy/<remote>/<version>/), the remote map, a preview link and a rollback accept alike. A folder's version is
 * the build's package version plus `-` and 8 hex digits of its content (deploy-folder's publish.ts), so the
 * package version is held to the same grammar with room left for that suffix.
 *
 * Letters, digits, dots and hyphens, starting with a letter or digit, with no `..`: never a hidden folder
 * (`.hidden`), never a path (`a/b`, `..`), never a name the disk refuses as too long (a version folder is at most
 * 64 characters, far below any file system's 255). Semver's build metadata (`1.0.0+build.7`) is left out: a `+`
 * in a URL's query reads as a space, so a link naming it would not open.
 *
 * federation/preview.ts holds the same pattern for the browser, which cannot import this package
 * (version.test.ts holds them equal).
 */

/** The longest version folder name. */
export const maxVersionLength = 64;
/** `-` and 8 hex digits of the build's content, added to its package version. */
const contentSuffixLength = 9;
/** The longest package version a build may record. */
export const maxPackageVersionLength = maxVersionLength - contentSuffixLength;

export const versionPattern = /^(?!.*\.\.)[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/;

/** The grammar in words, as every refusal names it. */
export const versionGrammar =
  `a version is 1 to ${maxVersionLength} letters, digits, dots and hyphens, starting with a letter or digit, ` +
  'without ".." (such as 1.4.0 or 2.0.0-rc.1; no "+build" metadata, no "/", no leading dot)';

/** A published version's name (a version folder, a remote map entry, a preview link's version). */
export const isVersionName = (value: string): boolean => versionPattern.test(value);

/** Why a build's package version (its manifest's buildInfo.buildVersion) cannot name a version, or undefined. */
export function packageVersionProblem(value: string): string | undefined {
  const shown =
    value.length > 80
      ? `${JSON.stringify(value.slice(0, 80))}… (${value.length} characters)`
      : JSON.stringify(value);
  if (value.length > maxPackageVersionLength)
    return `The build's version ${shown} is longer than ${maxPackageVersionLength} characters (its folder adds 9 more): ${versionGrammar}.`;
  if (!isVersionName(value)) return `The build's version ${shown} is not a version name: ${versionGrammar}.`;
  return undefined;
}
