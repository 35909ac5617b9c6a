/**
 * The embedded static host (`npm start`): one HTTP server per served folder of the deploy, a Hono app on
 * @hono/node-server, one middleware per concern, each in its own file of static-host/middlewares/, in the order
 * they run: the site's headers (site-headers.ts), CORS (cross-origin.ts, hono/cors), the preflight, the read
 * methods (after the page devtools' session requests, preview-sessions.ts), preview links, a preview's remote map, the shell's route pages with their variant by bucket cookie
 * (route-page.ts, static-host/page-choice.ts), the folder's files (folder-file.ts), and the 404 page with status
 * 404 (not-found.ts). A file's representation is chosen by serveStatic (precompressed), with the site's validators
 * (static-host/send-file.ts, static-host/validators.ts). Before the app, on the Node request, the refusals that
 * keep the request table's guarantees (static-host/refusals.ts says why they cannot be middlewares). Headers
 * (security, CORS, cache rules) come from the modules nginx's configuration is generated from too.
 */
import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { allowedMethods } from 'deploy-model/hosting-rules';
import { Hono } from 'hono';
import { alsoListenOn, listenOn, loopbackAddresses } from './static-host/listen.ts';
import { crossOrigin } from './static-host/middlewares/cross-origin.ts';
import { folderFile } from './static-host/middlewares/folder-file.ts';
import { notFoundAnswer } from './static-host/middlewares/not-found.ts';
import { preflight } from './static-host/middlewares/preflight.ts';
import { previewLinks } from './static-host/middlewares/preview-links.ts';
import { previewRemoteMap } from './static-host/middlewares/preview-remote-map.ts';
import { previewSessionRequests } from './static-host/middlewares/preview-sessions.ts';
import { readMethodsOnly } from './static-host/middlewares/read-methods.ts';
import { routePage } from './static-host/middlewares/route-page.ts';
import { siteHeaderEntries, siteHeaders } from './static-host/middlewares/site-headers.ts';
import {
  acceptedTarget,
  answerMalformed,
  badRequest,
  rawRefusal,
  refusalResponse,
} from './static-host/refusals.ts';
import type { HostEnv, SiteMiddleware, SiteRoot } from './static-host/site-root.ts';

export type { SiteRoot } from './static-host/site-root.ts';

/** The middlewares in order; the first that answers ends the request, and the last always answers. */
const middlewares: readonly SiteMiddleware[] = [
  siteHeaders,
  crossOrigin,
  preflight,
  previewSessionRequests,
  readMethodsOnly,
  previewLinks,
  previewRemoteMap,
  routePage,
  folderFile,
  notFoundAnswer,
];

/** The host of one folder as a Hono app. */
export function staticHostApp(site: SiteRoot): Hono<HostEnv> {
  const app = new Hono<HostEnv>();
  for (const middleware of middlewares) app.use(middleware(site));
  // A file that vanished between two looks (a release swapping folders): an answer, never a crash.
  app.onError(() => refusalResponse({ status: 500, message: 'Internal server error' }));
  return app;
}

/** The headers of a refusal made before the app: the ones its middlewares put on every answer. */
function refusalHeaders(site: SiteRoot, request: IncomingMessage): Record<string, string> {
  const headers = Object.fromEntries(siteHeaderEntries(site, request));
  // hono/cors is a middleware of the app, which a refused request never reaches.
  return site.cors ? { ...headers, 'Access-Control-Allow-Origin': '*' } : headers;
}

/** The host of one folder as a Node request listener: the refusals first, then the app. */
export function handleStatic(site: SiteRoot): RequestListener {
  const app = staticHostApp(site);
  const listener = getRequestListener(app.fetch, {
    // Whatever the refusals let through is a URL; should the adapter still refuse one, it says so plainly.
    errorHandler: () => refusalResponse(badRequest('malformed request'), { Connection: 'close' }),
  });
  return (request, response) => {
    if (!acceptedTarget(request, response, () => refusalHeaders(site, request))) return;
    void listener(request, response);
  };
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
