/**
 * What the panel reads of the page, handed to it through the banner (made in App.tsx) rather
 * than imported: a module of the page's main chunk that another chunk imports must export its bindings, which
 * stops the bundler from inlining and joining them, and a visitor's page would grow by it (measured: 0.36 kB).
 * Type-only imports here, so nothing of the main chunk is imported by the panel's.
 */
import type { MeasuredVitals } from 'shared-content/enquiry/vitals-contract';
import type { PageHydration } from '../hydration/page-hydration.ts';

export interface PageHandle {
  hydration: PageHydration;
  /** The version of a remote this browser loads, once the map has been read (remote-registry.ts). */
  versionOf: (remote: string) => string | undefined;
  /** This browser's bucket, 0–99 (remote-map-source.ts). */
  bucket: () => number;
  /** The attribute on each slot's element, whose value is the slot (early/protocol.ts). */
  slotAttribute: string;
  /** Whether a slot element keeps its HTML with no code (early/kept-html.ts). */
  keptStatic: (element: Element) => boolean;
  /** This page's Web Vitals so far, once the after-idle chunk measures them (telemetry/web-vitals-report.ts). */
  vitals?: () => MeasuredVitals;
}
