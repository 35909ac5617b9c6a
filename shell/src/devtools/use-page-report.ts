/**
 * The panel's data, kept current: the slots change with the page's hydration record, the shared singletons
 * once the federation runtime starts (it may start after the panel opened), the map once it is read.
 */
import { describeSource } from 'build-config/release-protocol';
import { parseRemoteMapDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { useEffect, useState } from 'react';
import { fetchConfigFile } from '../config/fetch-config.ts';
import type { PageHandle } from './page-handle.ts';
import { type MapRow, mapRows, type SlotRow, slotRows } from './page-report.ts';
import { type SharedRow, sharedRows } from './shared-singletons.ts';

export interface PageReport {
  slots: SlotRow[];
  /** Undefined until the federation runtime has started on this page. */
  shared?: SharedRow[];
  /** Undefined while the map is read; null when it could not be. */
  map?: MapRow[] | null;
  bucket: number;
}

/** How often the parts nobody announces (the runtime's share scopes) are read again while the panel is open. */
const refreshMs = 1000;

/** The versions this browser loads of the remotes named. */
function versions(page: PageHandle, remotes: Iterable<string>): ResolvedRemoteMap {
  const resolved: ResolvedRemoteMap = {};
  for (const remote of remotes) {
    const version = page.versionOf(remote);
    if (version) resolved[remote as RemoteName] = { url: '', version };
  }
  return resolved;
}

function currentSlots(page: PageHandle): SlotRow[] {
  const elements = [...document.querySelectorAll(`[${page.slotAttribute}]`)].map((element) => ({
    slot: element.getAttribute(page.slotAttribute) ?? '',
    keptStatic: page.keptStatic(element),
  }));
  const remotes = new Set(elements.map(({ slot }) => slot.split('/')[0] ?? slot));
  return slotRows(elements, page.hydration.all(), versions(page, remotes));
}

async function readMap(page: PageHandle): Promise<MapRow[] | null> {
  try {
    // The map this browser is served (a preview's own, in a preview), sealed or not: the panel only reads it.
    const document = parseRemoteMapDocument(await fetchConfigFile('/remotes.json'), undefined, {
      integrity: 'optional',
    });
    return mapRows(document, versions(page, Object.keys(document.microFrontends)), describeSource);
  } catch {
    return null;
  }
}

export function usePageReport(page: PageHandle): PageReport {
  const [report, setReport] = useState<PageReport>(() => ({
    slots: currentSlots(page),
    shared: sharedRows(),
    bucket: page.bucket(),
  }));
  useEffect(() => {
    const refresh = () =>
      setReport((previous) => ({ ...previous, slots: currentSlots(page), shared: sharedRows() }));
    const stop = page.hydration.subscribe(refresh);
    const timer = setInterval(refresh, refreshMs);
    let current = true;
    void readMap(page).then((map) => {
      if (current) setReport((previous) => ({ ...previous, map }));
    });
    return () => {
      current = false;
      stop();
      clearInterval(timer);
    };
  }, [page]);
  return report;
}
