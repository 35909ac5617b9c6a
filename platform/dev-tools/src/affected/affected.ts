/**
 * From a change's files to what each team's pipeline does: which apps to rebuild, test and release, which to
 * re-check only (typecheck against the change, nothing new to release), and which e2e tags run. Pure: the files
 * come from git elsewhere (git-changes.ts), the apps' builds from builds.ts.
 *
 * By package, an app is released when a package it builds from changed. By module, when its build is known: a
 * changed file of a library (shared-content, build-config…) releases the apps whose builds include that file or
 * whose build configuration imports it, and only re-checks the other apps that depend on the library (their
 * typecheck and tests may read its types). A library file that no known build includes (a test, a
 * package.json, a file nothing imports yet) is decided by package: nothing says what it does to a build.
 */

import type { AppBuild } from './builds.ts';
import { appTag, smokeTag } from './e2e-tags.ts';
import { dependencyClosure, type Reach, reachOf } from './graph.ts';
import { type Owner, ownerOf } from './owner.ts';
import type { Workspace } from './workspace.ts';

/** The changed files of one package (or one kind of repository file). */
export interface Cause {
  /** A package name, or a repository-file rule: 'workspace setup', 'check setup', 'outside the packages'. */
  source: string;
  kind: Owner['kind'];
  files: string[];
}

/** Why a library's files release or only re-check an app whose build is known. */
export type Basis =
  | 'in its build'
  | 'its build configuration imports it'
  | 'not in its build'
  | 'in no build';

export interface AppCause extends Cause {
  /** What these files alone mean for the app. */
  action: Reach;
  /** Decided by module: how the files stand to the app's build. Absent when decided by package. */
  basis?: Basis;
}

export interface AppImpact {
  app: string;
  /** 'release' when any cause is a release cause, else 'check'. */
  action: Reach;
  /** Its own package first, then release causes before check causes. */
  causes: AppCause[];
}

export interface Affected {
  /** Only the affected apps, in the topology's order. */
  apps: AppImpact[];
  /**
   * The composed e2e suite, and why it must run (its own package first): no causes when it need not. `tags`:
   * the tests to run, those with any of these tags; null for the whole suite.
   */
  suite: { name: string; causes: Cause[]; tags: string[] | null };
  /** The apps decided by package because their build could not be read (none, or one of other sources), and why. */
  byPackage: { app: string; note: string }[];
  /** Whether any app's build was read: when none was, every app is decided by package. */
  byModule: boolean;
  /** Changed files that affect nothing: documentation. */
  ignored: string[];
}

interface Group {
  owner: Owner;
  source: string;
  files: string[];
}

function groupByOwner(files: readonly string[], workspace: Workspace): Group[] {
  const groups = new Map<string, Group>();
  for (const file of files) {
    const owner = ownerOf(file, workspace.packages);
    const source = owner.kind === 'package' ? owner.name : owner.label;
    const group = groups.get(source) ?? { owner, source, files: [] };
    group.files.push(file);
    groups.set(source, group);
  }
  return [...groups.values()];
}

/** A file outside the packages acts on every app alike. */
function rootAction(owner: Owner): Reach | undefined {
  return owner.kind === 'root' && owner.effect !== 'none' ? owner.effect : undefined;
}

/**
 * A library's changed files as they stand to an app whose build is known (see the rules above). `isModule`: some
 * known build includes the file or its configuration imports it, so it is a source module of the workspace.
 */
function causesByModule(
  group: Group,
  build: Extract<AppBuild, { state: 'read' }>,
  isModule: (file: string) => boolean,
): AppCause[] {
  const basisOf = (file: string): Basis =>
    build.config.has(file)
      ? 'its build configuration imports it'
      : build.modules.has(file)
        ? 'in its build'
        : isModule(file)
          ? 'not in its build'
          : 'in no build';
  const byBasis = new Map<Basis, string[]>();
  for (const file of group.files) byBasis.set(basisOf(file), [...(byBasis.get(basisOf(file)) ?? []), file]);
  return [...byBasis].map(([basis, files]) => ({
    source: group.source,
    kind: group.owner.kind,
    files,
    action: basis === 'not in its build' ? 'check' : 'release',
    basis,
  }));
}

function impactOn(
  app: string,
  groups: readonly Group[],
  workspace: Workspace,
  builds: ReadonlyMap<string, AppBuild>,
): AppImpact | undefined {
  const reach = reachOf(app, workspace.packages, new Set(workspace.apps));
  const build = builds.get(app);
  const isModule = (file: string) =>
    [...builds.values()].some(
      (known) => known.state === 'read' && (known.modules.has(file) || known.config.has(file)),
    );
  const causes = groups.flatMap((group): AppCause[] => {
    const { owner, source, files } = group;
    const action = owner.kind === 'package' ? reach.get(owner.name) : rootAction(owner);
    if (!action) return [];
    if (action === 'release' && owner.kind === 'package' && source !== app && build?.state === 'read') {
      return causesByModule(group, build, isModule);
    }
    return [{ source, kind: owner.kind, files, action }];
  });
  if (causes.length === 0) return undefined;
  const rank = (cause: AppCause) => (cause.source === app ? 0 : cause.action === 'release' ? 1 : 2);
  causes.sort((a, b) => rank(a) - rank(b));
  return { app, action: causes.some((cause) => cause.action === 'release') ? 'release' : 'check', causes };
}

/**
 * The e2e tags a change needs: the whole suite (null) when the shell is released (it composes every page),
 * when a file outside the packages changed, or when the suite itself or a package no app builds from changed
 * (the tooling the suite drives); otherwise the specs of each released app and the composition smoke.
 */
function suiteTags(
  apps: readonly AppImpact[],
  causes: readonly Cause[],
  workspace: Workspace,
  appFolders: ReadonlyMap<string, string>,
): string[] | null {
  if (causes.length === 0) return [];
  const released = apps.filter((impact) => impact.action === 'release').map((impact) => impact.app);
  const builtFrom = new Set(
    workspace.apps.flatMap((app) =>
      [...reachOf(app, workspace.packages, new Set(workspace.apps))]
        .filter(([, how]) => how === 'release')
        .map(([name]) => name),
    ),
  );
  // The topology lists the shell first.
  const [shell] = workspace.apps;
  const whole =
    (shell !== undefined && released.includes(shell)) ||
    causes.some((cause) => cause.kind === 'root' || !builtFrom.has(cause.source));
  if (whole) return null;
  return [...released.map((app) => appTag(appFolders.get(app) ?? app)), smokeTag];
}

/**
 * `builds`: each app's build by package name (builds.ts); without it, or for an app whose build is not read,
 * apps are decided by package. `appFolders`: each app's folder by package name, for its e2e tag (the package
 * name when absent).
 */
export function affectedBy(
  files: readonly string[],
  workspace: Workspace,
  builds: ReadonlyMap<string, AppBuild> = new Map(),
  appFolders: ReadonlyMap<string, string> = new Map(),
): Affected {
  // git lists a file once per range, but a caller may join several lists.
  const groups = groupByOwner([...new Set(files)].sort(), workspace);
  // The suite runs the composed site and imports the tooling: any package it reaches, through apps or not.
  const suiteReaches = dependencyClosure(workspace.suite, workspace.packages);
  const apps = workspace.apps.flatMap((app) => impactOn(app, groups, workspace, builds) ?? []);
  const causes = groups
    .filter(({ owner }) => (owner.kind === 'package' ? suiteReaches.has(owner.name) : rootAction(owner)))
    .map(({ owner, source, files }) => ({ source, kind: owner.kind, files }))
    .sort((a, b) => Number(b.source === workspace.suite) - Number(a.source === workspace.suite));
  const byModule = [...builds.values()].some((build) => build.state === 'read');
  return {
    apps,
    suite: { name: workspace.suite, causes, tags: suiteTags(apps, causes, workspace, appFolders) },
    byPackage: workspace.apps.flatMap((app) => {
      const build = builds.get(app);
      return build && build.state !== 'read' ? [{ app, note: build.note }] : [];
    }),
    byModule,
    ignored: groups
      .filter(({ owner }) => owner.kind === 'root' && owner.effect === 'none')
      .flatMap((group) => group.files),
  };
}
