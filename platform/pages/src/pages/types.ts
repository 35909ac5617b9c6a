/**
 * The types a page's head is written from, apart from the generator (pages.ts) and its parts (preload.ts,
 * seo.ts), so the parts and the generator need each other's types without importing each other.
 */
import type { RemoteMap } from 'build-config/topology';
import type { SiteDescription } from 'federation/site-description';
import type { SiteUrls } from 'platform-kit/settings/site';
import type { RouteEntry } from 'shared-content/site';
import type { DeferredHint } from 'shell/early-protocol';
import type { HeadElement } from './html.ts';

export interface PageContext {
  /** The path served ("/", "/services", "/Portfolio"), or null for the 404 page. */
  path: string | null;
  /** The deployed shell's route-table entry (aliases share their canonical entry). */
  route: RouteEntry | null;
  /**
   * The deployed shell's description of itself: its routes and its 404 page (deploy-folder/site-description).
   * The page writer always gives it; a page rendered alone (a test) without it reads this checkout's.
   */
  site?: SiteDescription;
  /** The manifest URLs of the versions the page is written for: the default ones, or its variant's. */
  remoteMap: Partial<RemoteMap>;
  deploy: string;
  /** The URLs the page names, from the process's parsed site settings. */
  settings: SiteUrls;
  /**
   * What the prerender made of the page, absent for a page the browser draws: which of its slots hold their
   * content decides which load code, and so which the head preloads (preload.ts's codeSlotsOf).
   */
  prerendered?: {
    failedSlots: ReadonlyArray<{ slot: string }>;
    /** Slots whose render threw: React left them to the browser, whose code renders them (or their fallback). */
    slotErrors?: ReadonlyArray<{ slot: string }>;
  };
}

/** An element of a page's head; a code or data preload also says how the page loader fetches it instead. */
export interface PageHeadElement extends HeadElement {
  deferrable?: DeferredHint;
}

/** Contributes elements to a page's <head>; the parts' elements are written in order. */
export type HeadPart = (page: PageContext) => PageHeadElement[];
