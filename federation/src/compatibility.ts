import { satisfy } from '@module-federation/enhanced/runtime';

/**
 * Whether a remote's built mf-manifest.json can run inside the shell. One pure function, used twice: by the
 * contract check before a release / in the test command (platform/pages/src/contracts/contract-check.ts), and by the shell at
 * run time before any of the remote's code loads (compatibility-plugin.ts). Semver ranges are evaluated with
 * the Module Federation runtime's own `satisfy`, so "compatible" means what the runtime will do.
 */

/** What the shell needs from one remote. */
export interface RemoteExpectations {
  /** The remote's Module Federation name, e.g. "mf_marketing". */
  remote: string;
  /** Exposes the shell imports (shellImports in remotes.ts). */
  imports: readonly string[];
  /** Exposes the remote's src/exposes.ts declares (checked before a release; unknown at run time). */
  declared?: readonly string[];
  /** The singletons the shell provides: package name → the version it ships. */
  provided: Readonly<Record<string, string>>;
  /**
   * For each narrowed shared package (site-router), the exports the shell's copy has (metaData.sharedExports of
   * its manifest; shared-exports.ts in the browser). Unknown for a package not listed: then not checked.
   */
  shipped?: Readonly<Record<string, readonly string[]>>;
  /**
   * The version of the Module Federation runtime the shell lends to remotes, which are built without one of
   * their own (build-config/src/external-runtime.ts).
   */
  runtime: string;
}

interface ManifestShared {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

interface ManifestShape {
  name: string;
  exposes: { name: string }[];
  shared: ManifestShared[];
  /** The Module Federation version that built the remote (metaData.pluginVersion). */
  builtWith?: string;
  /**
   * Which exports of each narrowed shared package the remote's code imports (metaData.sharedImports, written by
   * build-config/src/shared-surface-plugin.ts); absent in a remote built before it was recorded.
   */
  sharedImports?: Record<string, string[]>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readManifest(input: unknown): ManifestShape | string {
  if (!isRecord(input)) return 'is not a JSON object';
  const { name, exposes, shared } = input;
  if (typeof name !== 'string') return 'has no "name"';
  if (!Array.isArray(exposes) || !exposes.every((item) => isRecord(item) && typeof item.name === 'string')) {
    return 'has no valid "exposes" list';
  }
  if (!Array.isArray(shared) || !shared.every((item) => isRecord(item) && typeof item.name === 'string')) {
    return 'has no valid "shared" list';
  }
  const metaData = isRecord(input.metaData) ? input.metaData : {};
  const builtWith = metaData.pluginVersion;
  const sharedImports = metaData.sharedImports;
  if (
    sharedImports !== undefined &&
    !(
      isRecord(sharedImports) &&
      Object.values(sharedImports).every(
        (names) => Array.isArray(names) && names.every((name) => typeof name === 'string'),
      )
    )
  ) {
    return 'has an invalid "metaData.sharedImports" (package → list of export names)';
  }
  return {
    name,
    exposes: exposes as ManifestShape['exposes'],
    shared: shared as ManifestShared[],
    ...(typeof builtWith === 'string' ? { builtWith } : {}),
    ...(sharedImports ? { sharedImports: sharedImports as Record<string, string[]> } : {}),
  };
}

/**
 * Every reason the manifest is incompatible with the shell, each a sentence naming the remote, the expose or
 * package, and what to do. An empty list means compatible.
 */
export function checkRemoteManifest(input: unknown, expected: RemoteExpectations): string[] {
  const { remote } = expected;
  const manifest = readManifest(input);
  if (typeof manifest === 'string')
    return [`${remote}: the manifest ${manifest}; is this an mf-manifest.json?`];
  if (manifest.name !== remote) {
    return [`${remote}: the manifest belongs to "${manifest.name}", not ${remote}; wrong build folder?`];
  }

  const problems: string[] = [];
  // The remote's code runs on the shell's runtime: a newer minor or major version may call what it lacks.
  if (manifest.builtWith === undefined) {
    problems.push(`${remote}: the manifest does not say which Module Federation version built it`);
  } else if (!satisfy(expected.runtime, `^${manifest.builtWith}`)) {
    problems.push(
      `${remote} was built with Module Federation ${manifest.builtWith}, but the shell lends its runtime ` +
        `${expected.runtime}; build the remote with the shell's version, or release a newer shell first`,
    );
  }
  const exposed = new Set(manifest.exposes.map((expose) => expose.name));
  for (const name of expected.imports) {
    if (!exposed.has(name)) {
      problems.push(
        `${remote} no longer exposes "${name}", which the shell imports (federation/src/remotes.ts); ` +
          'restore the expose, or change the shell first',
      );
    }
  }
  for (const name of expected.declared ?? []) {
    if (!exposed.has(name) && !expected.imports.includes(name)) {
      problems.push(`${remote} declares "${name}" in src/exposes.ts, but its build does not expose it`);
    }
  }

  for (const [name, version] of Object.entries(expected.provided)) {
    const shared = manifest.shared.find((entry) => entry.name === name);
    if (!shared) {
      problems.push(
        `${remote} does not share ${name}: it would run its own copy beside the shell's ${version}; ` +
          'share it as a singleton',
      );
    } else if (shared.singleton !== true) {
      problems.push(`${remote} shares ${name} but not as a singleton; the shell provides the only copy`);
    } else if (typeof shared.requiredVersion === 'string' && !satisfy(version, shared.requiredVersion)) {
      problems.push(
        `${remote} requires ${name} ${shared.requiredVersion}, but the shell provides ${version}; ` +
          'build the remote against the shell’s version',
      );
    }
  }
  // A singleton the shell does not lend (a remote built before the shell lent site-router instead of
  // react-router-dom): the remote would load its own copy, which shares no state with the shell's.
  for (const shared of manifest.shared) {
    if (shared.singleton === true && !Object.hasOwn(expected.provided, shared.name)) {
      problems.push(
        `${remote} shares ${shared.name} as a singleton, but the shell does not provide it: the remote would run ` +
          'its own copy, apart from the shell’s; rebuild the remote against the shell’s shared packages',
      );
    }
  }

  // A narrowed package: every export the remote imports must be in the shell's copy. A remote that records
  // nothing (built before this was recorded) is not checked here.
  for (const [name, imported] of Object.entries(manifest.sharedImports ?? {})) {
    const shipped = expected.shipped?.[name];
    if (!shipped || !Object.hasOwn(expected.provided, name)) continue;
    for (const entry of imported) {
      if (shipped.includes(entry)) continue;
      problems.push(
        entry === '*'
          ? `${remote} imports all of ${name} (a namespace import), which cannot be checked against what the ` +
              `shell ships; import its exports by name`
          : `${remote} imports ${entry} from ${name}, which the shell does not ship; release a shell whose ` +
              `${name} exports it first`,
      );
    }
  }
  return problems;
}
