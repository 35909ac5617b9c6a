/**
 * From a change's files to what each team's pipeline does: which apps to rebuild, test and release, which to
 * re-check only (typecheck against the change, nothing new to release), and whether the composed e2e suite
 * runs. Pure: the files come from git elsewhere (git-changes.ts).
 */
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

export interface AppCause extends Cause {
  /** What these files alone mean for the app. */
  action: Reach;
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
  /** The composed e2e suite, and why it must run (its own package first): no causes when it need not. */
  suite: { name: string; causes: Cause[] };
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

function impactOn(app: string, groups: readonly Group[], workspace: Workspace): AppImpact | undefined {
  const reach = reachOf(app, workspace.packages, new Set(workspace.apps));
  const causes = groups.flatMap(({ owner, source, files }): AppCause[] => {
    const action = owner.kind === 'package' ? reach.get(owner.name) : rootAction(owner);
    return action ? [{ source, kind: owner.kind, files, action }] : [];
  });
  if (causes.length === 0) return undefined;
  const rank = (cause: AppCause) => (cause.source === app ? 0 : cause.action === 'release' ? 1 : 2);
  causes.sort((a, b) => rank(a) - rank(b));
  return { app, action: causes.some((cause) => cause.action === 'release') ? 'release' : 'check', causes };
}

export function affectedBy(files: readonly string[], workspace: Workspace): Affected {
  // git lists a file once per range, but a caller may join several lists.
  const groups = groupByOwner([...new Set(files)].sort(), workspace);
  // The suite runs the composed site and imports the tooling: any package it reaches, through apps or not.
  const suiteReaches = dependencyClosure(workspace.suite, workspace.packages);
  return {
    apps: workspace.apps.flatMap((app) => impactOn(app, groups, workspace) ?? []),
    suite: {
      name: workspace.suite,
      causes: groups
        .filter(({ owner }) => (owner.kind === 'package' ? suiteReaches.has(owner.name) : rootAction(owner)))
        .map(({ owner, source, files }) => ({ source, kind: owner.kind, files }))
        .sort((a, b) => Number(b.source === workspace.suite) - Number(a.source === workspace.suite)),
    },
    ignored: groups
      .filter(({ owner }) => owner.kind === 'root' && owner.effect === 'none')
      .flatMap((group) => group.files),
  };
}
