/**
 * What a team member's panel shows (DevtoolsPanel.tsx), made of what the page already knows: the slots'
 * elements, the page's hydration record (../hydration/page-hydration.ts), the versions this browser loads and
 * the remote map it was served. Pure, so each rule is tested without a page.
 */
import type { ReleaseSource } from 'build-config/release-protocol';
import type { RemoteMapDocument, RemoteVersionEntry, ResolvedRemoteMap } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import type { SlotPhase, SlotStep, TrackedSlot } from '../hydration/page-hydration.ts';

export type SlotState = 'static' | 'waiting' | 'loading' | 'hydrated' | 'rendered' | 'retrying' | 'fallback';

/** A slot element as the page holds it. */
export interface SlotElement {
  /** "remote/Module". */
  slot: string;
  /** Its HTML is kept with no code (early/kept-html.ts). */
  keptStatic: boolean;
}

export interface SlotRow {
  slot: string;
  remote: string;
  module: string;
  /** The version this browser loads of the slot's remote, once the map has been read. */
  version?: string;
  state: SlotState;
  /** What the last step says (a trigger's or a fallback's code), where known. */
  why?: string;
  /** Each step, ms after the page started, first step first. */
  steps: readonly SlotStep[];
}

export interface MapRow {
  remote: RemoteName;
  version: string;
  /** Percent of buckets, as the map gives it. */
  traffic: number;
  isDefault: boolean;
  manifest: string;
  /** "3f2a9c1d0b7e on main by …", when the release named its source. */
  source?: string;
  /** The version this browser loads. */
  yours: boolean;
}

/**
 * Why a slot's code was loaded where no step says: a slot mounted by a navigation in the page loads at once, one
 * on screen when the page opened too; any other was loaded with the rest of its remote, or of the page.
 */
function untoldWhy(entry: TrackedSlot, startedDehydrated: boolean): string | undefined {
  if (entry.phase === 'waiting') return undefined;
  if (!startedDehydrated) return 'mounted';
  return entry.inViewAtStart ? 'on-screen' : 'with-others';
}

const stateOfPhase = (phase: SlotPhase, dehydratedAtStart: boolean): SlotState => {
  switch (phase) {
    case 'waiting':
      return 'waiting';
    case 'loading':
      return 'loading';
    case 'live':
      return dehydratedAtStart ? 'hydrated' : 'rendered';
    case 'unavailable':
      return 'retrying';
    case 'failed':
      return 'fallback';
  }
};

/**
 * One row per slot element, in page order. A tracked slot is matched to its element by name, in order (a
 * page may show one module twice); an element no tracked slot matches is static HTML or not mounted yet.
 */
export function slotRows(
  elements: readonly SlotElement[],
  tracked: readonly TrackedSlot[],
  versions: ResolvedRemoteMap,
): SlotRow[] {
  const unmatched = [...tracked];
  return elements.map(({ slot, keptStatic }) => {
    const [remote = slot, module = ''] = slot.split('/');
    const version = versions[remote as RemoteName]?.version;
    const index = unmatched.findIndex((entry) => entry.slot === slot);
    const entry = index === -1 ? undefined : unmatched.splice(index, 1)[0];
    if (!entry) return { slot, remote, module, version, state: keptStatic ? 'static' : 'waiting', steps: [] };
    const steps = entry.steps ?? [];
    const startedDehydrated = steps[0]?.phase === 'waiting';
    const why = [...steps].reverse().find((step) => step.why)?.why ?? untoldWhy(entry, startedDehydrated);
    return { slot, remote, module, version, state: stateOfPhase(entry.phase, startedDehydrated), why, steps };
  });
}

/** Every version in the map, per remote in the map's order, marking the one this browser loads. */
export function mapRows(
  document: RemoteMapDocument,
  versions: ResolvedRemoteMap,
  describe: (source: ReleaseSource) => string,
): MapRow[] {
  const remotes = Object.entries(document.microFrontends) as Array<[RemoteName, RemoteVersionEntry[]]>;
  return remotes.flatMap(([remote, entries]) =>
    entries.map((entry) => ({
      remote,
      version: entry.metadata.version,
      traffic: entry.deployment.traffic,
      isDefault: entry.deployment.default,
      manifest: entry.url,
      ...(entry.extras?.source ? { source: describe(entry.extras.source) } : {}),
      yours: versions[remote]?.version === entry.metadata.version,
    })),
  );
}
