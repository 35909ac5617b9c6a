import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The site's live remotes.json as the shell origin serves it, on loopback, for the API to read the live
 * versions from (ENQUIRY_REMOTE_MAP_URL). `live` sets, per remote, its default version and at most one canary.
 */
export interface RemoteMapServer {
  url: string;
  live(versions: Record<string, readonly string[]>): void;
  /** Answer 503 from now on (the shell origin down), or serve again. */
  down(isDown: boolean): void;
  /** How many times the map was asked for. */
  reads(): number;
  stop(): Promise<void>;
}

const integrity = `sha384-${'A'.repeat(64)}`;

function documentOf(versions: Record<string, readonly string[]>) {
  const microFrontends = Object.fromEntries(
    Object.entries(versions).map(([remote, [stable, canary]]) => [
      remote,
      [
        { version: stable, traffic: canary ? 90 : 100, isDefault: true },
        ...(canary ? [{ version: canary, traffic: 10, isDefault: false }] : []),
      ].map(({ version, traffic, isDefault }) => ({
        url: `http://127.0.0.1:7001/${version}/mf-manifest.json`,
        metadata: { version, integrity },
        deployment: { traffic, default: isDefault },
      })),
    ]),
  );
  return {
    schema: 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json',
    microFrontends,
  };
}

export async function startRemoteMapServer(
  initial: Record<string, readonly string[]> = {},
): Promise<RemoteMapServer> {
  let body = JSON.stringify(documentOf(initial));
  let isDown = false;
  let reads = 0;
  const server: Server = createServer((req, res) => {
    reads += 1;
    if (isDown || req.url !== '/remotes.json') {
      res.writeHead(isDown ? 503 : 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }).end(body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/remotes.json`,
    live(versions) {
      body = JSON.stringify(documentOf(versions));
    },
    down(value) {
      isDown = value;
    },
    reads: () => reads,
    stop: () => new Promise((closed) => server.close(() => closed())),
  };
}
