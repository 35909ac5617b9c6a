/**
 * The one documented way to get the project's own pnpm (issue 41, item 7): on a fresh clone `npx pnpm install`
 * finds no pnpm in node_modules/.bin yet, so npx offers the newest pnpm from the registry (and cancels without
 * --yes): not the project's. The install is written `npx --yes pnpm@<packageManager's version> install`; once it
 * has run, `npx pnpm …` runs the pnpm it installed (a devDependency of the root, pinned to the same version).
 */

/** `npx [--yes|-y] pnpm[@version] <install|i|add …>`: an npx call of pnpm that installs. */
const npxPnpmInstall = /npx\s+((?:(?:--yes|-y)\s+)?)pnpm(@[^\s`]+)?\s+(install|i)(?=[\s`]|$)/g;
/** Any pinned pnpm written in a document. */
const pinnedPnpm = /pnpm@([0-9][^\s`'"]*)/g;

/** Each line of `text` that installs with npx otherwise than the documented way, or pins another pnpm. */
export function pnpmCommandProblems(text: string, version: string): string[] {
  const wanted = `npx --yes pnpm@${version} install`;
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(npxPnpmInstall)) {
      if (match[1]?.trim() !== '--yes' || match[2] !== `@${version}`)
        problems.push(`line ${index + 1}: "${match[0]}" should be "${wanted}"`);
    }
    for (const match of line.matchAll(pinnedPnpm)) {
      if (match[1] !== version)
        problems.push(`line ${index + 1}: pnpm@${match[1]} is not the project's pnpm@${version}`);
    }
  });
  return problems;
}
