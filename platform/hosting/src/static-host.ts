/**
 * The embedded static host (`npm start`): one HTTP server per served folder of the deploy. Files are sent by
 * sirv (static-host/send-file.ts), precompressed at publish (precompress.ts); what is written here is what is
 * the site's own, as an ordered list of small steps: the refusals that keep the request table's guarantees
 * (static-host/refusals.ts), the methods, preview links, the shell's route pages with their variant by bucket
 * cookie, the folder's files, and the 404 page with status 404. Headers (security, CORS, cache rules) come from
 * the modules nginx's configuration is generated from too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { generalSecurityHeaders } from 'deploy-folder/security-headers';
import { shellSiteDescription } from 'deploy-folder/site-description';
import { allowedMethods, contentTypes, preflightMaxAgeSeconds } from 'deploy-model/hosting-rules';
import { pageFileName } from 'deploy-model/layout';
import { bucketCookieValue, bucketIdentifierIn, bucketOf, newBucketIdentifier } from 'federation/bucket';
import { describedPaths, type SiteDescription } from 'federation/site-description';
import { alsoListenOn, listenOn, loopbackAddresses } from './static-host/listen.ts';
import { previewPage, variantPage } from './static-host/page-choice.ts';
import {
  answerPreviewPath,
  devPreviewFor,
  devPreviewMap,
  type PreviewSettings,
  previewPagesFor,
  sessionPreviewFor,
  sessionPreviewMap,
  withDevOrigin,
} from './static-host/preview.ts';
import { reachedOverHttps, strictTransportSecurity } from './static-host/proxy.ts';
import { acceptedTarget, answerMalformed, rawRefusal, refuse, type Target } from './static-host/refusals.ts';
import { type FileAnswer, resolveFile, sendFile } from './static-host/send-file.ts';
import { forwardSessionRequest, servicePathOf } from './static-host/session-forward.ts';

export interface SiteRoot {
  /** Folder served at this port's root. */
  dir: string;
  /** The shell answers its route table's paths with index.html and anything else with index.html + 404. */
  spa: boolean;
  /** Allow any origin to fetch (remotes' manifests and chunks are loaded by the shell's origin). */
  cors: boolean;
  /**
   * The shell's generated per-route pages (platform/pages/src/pages.ts), preferred over the bare index.html; with a
   * canary, a visitor gets the variant of their bucket (deploy-model/variants.ts).
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

const notFound = (response: ServerResponse) => refuse(response, { status: 404, message: 'Not found' });

/** The folder a file of this site is served from: the generated pages' or the site's own. */
function rootOf(site: SiteRoot, file: string): string {
  const fromPages = site.pagesDir !== undefined && !relative(site.pagesDir, file).startsWith(`..${sep}`);
  return fromPages && site.pagesDir ? site.pagesDir : site.dir;
}

/**
 * Sends a file of the site (send-file.ts) with the headers of its kind: an HTML page gets the site's
 * security headers, a dev preview's page a policy that lets its dev server in (and depends on the cookie).
 */
function sendSiteFile(
  request: IncomingMessage,
  response: ServerResponse,
  site: SiteRoot,
  answer: Omit<FileAnswer, 'root'>,
) {
  let { byCookie = false } = answer;
  if (extname(answer.file) === '.html' && site.htmlHeaders) {
    const dev = devPreviewFor(request, site.preview);
    for (const [name, value] of Object.entries(site.htmlHeaders())) {
      // Only the browser of a dev preview may load code from its loopback dev server.
      const widened = dev && name === 'Content-Security-Policy' ? withDevOrigin(value, dev.origin) : value;
      response.setHeader(name, widened);
    }
    if (dev) byCookie = true;
  }
  sendFile(request, response, { ...answer, root: rootOf(site, answer.file), byCookie }, () =>
    notFound(response),
  );
}

/**
 * Sends one of the shell's pages as the visitor gets it: the variant for their bucket (federation/src/bucket.ts),
 * so the prerendered content is what the remote versions their shell loads render. A visitor without a valid
 * identifier gets a new one; every page renews the cookie, so a returning visitor keeps their bucket.
 */
function sendPage(
  request: IncomingMessage,
  response: ServerResponse,
  site: SiteRoot,
  page: string,
  status: 200 | 404 = 200,
) {
  const identifier = bucketIdentifierIn(request.headers.cookie) ?? newBucketIdentifier();
  const secure = reachedOverHttps(request, site.trustProxy ?? 0);
  response.setHeader('Set-Cookie', bucketCookieValue(identifier, secure));
  // A browser in a preview gets the preview's page; its bucket is kept for when the preview ends.
  const preview = previewPage(request, site, page);
  const file = preview ?? variantPage(site.pagesDir, page, bucketOf(identifier));
  sendSiteFile(request, response, site, { file, cachePath: '/index.html', status, byCookie: true });
}

/**
 * The paths of the routes the served shell declares (its site.json, read again when it changes): a shell
 * released over HTTP brings its routes with it, with no restart.
 */
const knownPathsCache = new WeakMap<SiteDescription, ReadonlySet<string>>();
function knownPaths(shellDir: string): ReadonlySet<string> {
  const described = shellSiteDescription(shellDir);
  let paths = knownPathsCache.get(described);
  if (!paths) {
    paths = new Set(describedPaths(described));
    knownPathsCache.set(described, paths);
  }
  return paths;
}

/** A target as the route table sees it: without trailing slashes, and whether it is one of the routes. */
function routeOf(site: SiteRoot, target: Target) {
  const trimmed = target.path.length > 1 ? target.path.replace(/\/+$/, '') : target.path;
  return { trimmed, known: site.spa && knownPaths(site.dir).has(trimmed) };
}

/** One step of an answer: true once it has answered. */
type Step = (site: SiteRoot, request: IncomingMessage, response: ServerResponse, target: Target) => boolean;

const preflight: Step = (_site, request, response) => {
  if (request.method !== 'OPTIONS') return false;
  response.writeHead(204, {
    Allow: allowedMethods,
    'Access-Control-Allow-Methods': 'GET, HEAD',
    'Access-Control-Max-Age': String(preflightMaxAgeSeconds),
  });
  response.end();
  return true;
};

/** The page devtools' session requests, passed on to the release service (static-host/session-forward.ts). */
const previewSessionRequests: Step = (site, request, response, target) => {
  const path = site.spa ? servicePathOf(target.path) : undefined;
  const service = site.preview?.releaseService;
  if (!path) return false;
  if (!service) {
    refuse(response, { status: 404, message: 'Not found' });
    return true;
  }
  const client = (request.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  forwardSessionRequest(request, response, { service, path, client });
  return true;
};

const readMethodsOnly: Step = (_site, request, response) => {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  refuse(response, { status: 405, message: 'Method not allowed' }, { Allow: allowedMethods });
  return true;
};

const previewLinks: Step = (site, request, response, target) =>
  site.spa &&
  answerPreviewPath(request, response, {
    path: target.path,
    settings: site.preview,
    pagesDir: site.pagesDir,
    secure: reachedOverHttps(request, site.trustProxy ?? 0),
  });

/** A preview browser's shell loads the versions its pages were written with. */
const previewRemoteMap: Step = (site, request, response, target) => {
  if (!site.spa || target.path !== '/remotes.json') return false;
  const live = resolveFile(site.dir, target.segments);
  const session = sessionPreviewFor(request, site.preview);
  if (session && live) {
    const body = sessionPreviewMap(readJsonFile(live), readJsonFile(session.file));
    if (body) {
      sendPreviewMap(request, response, body);
      return true;
    }
  }
  const dev = devPreviewFor(request, site.preview);
  if (dev && live) {
    sendDevPreviewMap(request, response, live, dev);
    return true;
  }
  const dir = previewPagesFor(request, site.preview, site.pagesDir);
  const map = dir ? join(dir, 'remotes.json') : undefined;
  if (!map || !existsSync(map)) return false;
  sendSiteFile(request, response, site, { file: map, cachePath: target.path, byCookie: true });
  return true;
};

/** Route paths get their generated page, "/" included (the folder's bare index.html names no route). */
const routePage: Step = (site, request, response, target) => {
  const { trimmed, known } = routeOf(site, target);
  const page = known && site.pagesDir ? join(site.pagesDir, pageFileName(trimmed)) : null;
  if (!page || !existsSync(page)) return false;
  sendPage(request, response, site, page);
  return true;
};

const folderFile: Step = (site, request, response, target) => {
  const file = resolveFile(site.dir, target.segments);
  if (!file) return false;
  // Asked for by name, the bare index.html (it names no route) gives way to the generated home page.
  const homePage = site.pagesDir ? join(site.pagesDir, pageFileName('/')) : null;
  if (homePage && file === join(site.dir, 'index.html') && existsSync(homePage)) {
    sendPage(request, response, site, homePage);
    return true;
  }
  // A folder's URL is cached as the index.html it is answered with (never kept: a standalone page).
  const cachePath = target.path.endsWith('/') ? `${target.path}index.html` : target.path;
  sendSiteFile(request, response, site, { file, cachePath });
  return true;
};

/**
 * Unknown paths get the 404 page (the app renders it too) with a real 404 status; a remote's folder a plain
 * 404. Without generated pages, the bare index.html serves both.
 */
const notFoundAnswer: Step = (site, request, response, target) => {
  if (!site.spa) {
    notFound(response);
    return true;
  }
  const { trimmed, known } = routeOf(site, target);
  const page = site.pagesDir ? join(site.pagesDir, pageFileName(known ? trimmed : null)) : null;
  const html = page && existsSync(page) ? page : join(site.dir, 'index.html');
  if (!existsSync(html)) notFound(response);
  else sendPage(request, response, site, html, known ? 200 : 404);
  return true;
};

/** The steps in order, after the refusals of malformed requests; the first that answers ends the request. */
const steps: readonly Step[] = [
  preflight,
  previewSessionRequests,
  readMethodsOnly,
  previewLinks,
  previewRemoteMap,
  routePage,
  folderFile,
  notFoundAnswer,
];

/** Headers of every answer, refusals included. */
function siteHeaders(site: SiteRoot, request: IncomingMessage, response: ServerResponse) {
  for (const [name, value] of Object.entries(generalSecurityHeaders)) response.setHeader(name, value);
  if (site.cors) response.setHeader('Access-Control-Allow-Origin', '*');
  if (reachedOverHttps(request, site.trustProxy ?? 0)) {
    response.setHeader('Strict-Transport-Security', strictTransportSecurity);
  }
}

export function handleStatic(site: SiteRoot) {
  return (request: IncomingMessage, response: ServerResponse) => {
    try {
      siteHeaders(site, request, response);
      const target = acceptedTarget(request, response);
      if (!target) return;
      for (const step of steps) if (step(site, request, response, target)) return;
    } catch {
      // A file that vanished between two looks (a release swapping folders): an answer, never a crash.
      if (!response.headersSent) refuse(response, { status: 500, message: 'Internal server error' });
      else response.destroy();
    }
  };
}

function sendDevPreviewMap(
  request: IncomingMessage,
  response: ServerResponse,
  liveFile: string,
  dev: NonNullable<ReturnType<typeof devPreviewFor>>,
) {
  sendPreviewMap(request, response, devPreviewMap(JSON.parse(readFileSync(liveFile, 'utf8')), dev));
}

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A preview browser's own map: never cached, and only for the cookie that asked for it. */
function sendPreviewMap(request: IncomingMessage, response: ServerResponse, body: string) {
  response.writeHead(200, {
    'Content-Type': contentTypes['.json'] as string,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding, Cookie',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Starts one HTTP server per site root; resolves once all listen. Port 0 picks a free port (see
 * server.address()). Without a host, a server listens on loopback only, 127.0.0.1 and ::1 on the same port
 * (its address() is 127.0.0.1's): never on every interface unless told so (AGENCY_HOST, site.ts).
 */
export async function startStaticHost(
  sites: Array<SiteRoot & { port: number; host?: string }>,
): Promise<Server[]> {
  return Promise.all(sites.map(startOne));
}

async function startOne(site: SiteRoot & { port: number; host?: string }): Promise<Server> {
  const server = createServer({ requireHostHeader: false }, handleStatic(site));
  // Requests Node's parser refuses (a bad request line or header, a head over 16 KiB) and CONNECT
  // (which never reaches the handler; unanswered, Node just drops the connection) get plain answers too.
  server.on('clientError', answerMalformed);
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.end(rawRefusal({ status: 405, message: 'Method not allowed' }, { Allow: allowedMethods }));
  });
  const [first, ...others] = site.host === undefined ? loopbackAddresses : [site.host];
  try {
    await listenOn(server, site.port, first);
    // The further addresses on the port the first one got (port 0 picks one).
    const { port } = server.address() as AddressInfo;
    for (const address of others) await alsoListenOn(server, port, address);
  } catch (error) {
    server.close();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${site.port} is already in use: stop the other server or set AGENCY_PORT_BASE`)
      : error;
  }
  return server;
}
