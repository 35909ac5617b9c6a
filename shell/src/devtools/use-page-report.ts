/**
 * The panel's data, kept current: the slots change with the page's hydration record, the shared singletons
 * once the federation runtime starts (it may start after the panel opened), the map once it is read.
 */
import { describeSource } from 'build-config/release-protocol';
import { parseRemoteMapDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { useEffect, useState } from 'react';
import type { MeasuredVitals } from 'shared-content/enquiry/vitals-contract';
import { canonicalRoutePath } from 'shared-content/site';
import { fetchConfigFile } from '../config/fetch-config.ts';
import type { PageHandle } from './page-handle.ts';
import { type MapRow, mapRows, type SlotRow, slotRows } from './page-report.ts';
import { type SharedRow, sharedRows } from './shared-singletons.ts';
import { readVersionVitals, type VersionVitals } from './version-vitals.ts';

export interface PageReport {
  slots: SlotRow[];
  /** Undefined until the federation runtime has started on this page. */
  shared?: SharedRow[];
  /** Undefined while the map is read; null when it could not be. */
  map?: MapRow[] | null;
  bucket: number;
  /** Visitors' p75s of the versions on the page (version-vitals.ts); undefined while they are asked for. */
  vitals?: VersionVitals;
  /** This page load's own Web Vitals so far, once the after-idle reporter measures them. */
  ownVitals?: MeasuredVitals;
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
    ownVitals: page.vitals?.(),
  }));
  useEffect(() => {
    const refresh = () =>
      setReport((previous) => ({
        ...previous,
        slots: currentSlots(page),
        shared: sharedRows(),
        ownVitals: page.vitals?.(),
      }));
    const stop = page.hydration.subscribe(refresh);
    const timer = setInterval(refresh, refreshMs);
    let current = true;
    void readMap(page).then((map) => {
      if (current) setReport((previous) => ({ ...previous, map }));
    });
    // The versions the page's slots loaded, once; the page's route is listed first, named as its report names it
    // (the route table's path: /Portfolio is /portfolio's).
    const onPage = currentSlots(page).flatMap(({ remote, version }) =>
      version ? [{ remote, version }] : [],
    );
    const path = canonicalRoutePath(location.pathname);
    void readVersionVitals(onPage, path).then((vitals) => {
      if (current) setReport((previous) => ({ ...previous, vitals }));
    });
    return () => {
      current = false;
      stop();
      clearInterval(timer);
    };
  }, [page]);
  return report;
}
