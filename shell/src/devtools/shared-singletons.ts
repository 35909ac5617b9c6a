/**
 * The shared singletons as the federation runtime holds them, read from its global record rather than imported:
 * importing the runtime here would download it on a page that has not started it, and the panel must show the
 * page as it is. Each package's versions, who lent each (the shell, or a remote), and which remotes use it.
 */

export interface SharedRow {
  name: string;
  version: string;
  /** The container that lent this copy ("shell", or a remote's name). */
  from: string;
  /** The containers that received this copy. */
  usedBy: readonly string[];
  /** The range the lender declared (false: any). */
  required: string | false;
  loaded: boolean;
}

/** The part of Module Federation's runtime instance read here (runtime-core's ShareScopeMap). */
interface SharedRecord {
  from?: string;
  useIn?: string[];
  loaded?: boolean;
  shareConfig?: { requiredVersion?: string | false };
}
interface InstanceRecord {
  name?: string;
  shareScopeMap?: Record<string, Record<string, Record<string, SharedRecord>>>;
}

/** The runtime's global (`__FEDERATION__`), or what a test passes; undefined until the runtime has started. */
export function sharedRows(
  federation: unknown = (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__,
  hostName = 'shell',
): SharedRow[] | undefined {
  const instances = (federation as { __INSTANCES__?: InstanceRecord[] } | undefined)?.__INSTANCES__;
  const host = instances?.find((instance) => instance.name === hostName);
  if (!host?.shareScopeMap) return undefined;
  const rows: SharedRow[] = [];
  for (const packages of Object.values(host.shareScopeMap)) {
    for (const [name, versions] of Object.entries(packages)) {
      for (const [version, shared] of Object.entries(versions)) {
        rows.push({
          name,
          version,
          from: shared.from ?? hostName,
          usedBy: [...new Set(shared.useIn ?? [])],
          required: shared.shareConfig?.requiredVersion ?? false,
          loaded: shared.loaded === true,
        });
      }
    }
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
