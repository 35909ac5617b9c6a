/**
 * One folder the embedded host serves on one port (static-host.ts), and the Hono environment its middlewares
 * share: the Node request and response under `c.env` (@hono/node-server's bindings: the raw target, every Host
 * header and the socket are read there), and the target the refusals accepted.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import type { PreviewSettings } from './preview.ts';
import type { Target } from './refusals.ts';

export interface SiteRoot {
  /** Folder served at this port's root. */
  dir: string;
  /** The shell answers its route table's paths with index.html and anything else with index.html + 404. */
  spa: boolean;
  /** Allow any origin to fetch (remotes' manifests and chunks are loaded by the shell's origin). */
  cors: boolean;
  /**
   * The shell's generated per-route pages (platform/pages/src/pages.ts), preferred over the bare index.html; with a
   * canary, a visitor gets the variant of their bucket (deploy-model/src/variants.ts).
   */
  pagesDir?: string;
  /** Extra headers of HTML responses (the shell's Content-Security-Policy, or a remote's standalone page's). */
  htmlHeaders?: () => Record<string, string>;
  /**
   * How many reverse proxies in front are trusted to say how the visitor connected (AGENCY_TRUST_PROXY): their
   * X-Forwarded-Proto: https brings Strict-Transport-Security and Secure cookies. 0 or unset: the header is ignored.
   */
  trustProxy?: number;
  /** Preview links (static-host/preview.ts): the deploy's secret; without it, no preview is served. */
  preview?: PreviewSettings;
}

export interface HostEnv {
  Bindings: HttpBindings;
  Variables: { target: Target };
}

export type HostContext = Context<HostEnv>;

/** A middleware of the host: made for one site, it answers or hands the request on. */
export type SiteMiddleware = (site: SiteRoot) => MiddlewareHandler<HostEnv>;
