import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';

/*
 * AGENCY_HOST (platform-kit/settings/site's listenHostSetting, in the hosts' settings) is the address the static
 * hosts listen on. Unset, they listen on loopback only, where the site's URLs (http://localhost:…) reach them; a
 * production host behind a proxy on another machine sets it (0.0.0.0 or :: for every interface, or one
 * interface's address).
 */

/**
 * The loopback addresses a host with no configured address listens on. "localhost" is 127.0.0.1 for some
 * clients and ::1 for others (a browser tries ::1 first where the system has IPv6, and Node follows
 * /etc/hosts), so both answer rather than one client waiting on a refused address.
 */
export const loopbackAddresses = ['127.0.0.1', '::1'] as const;

/** The errors of an address this machine does not have (no IPv6 at all, or no ::1): skipped, not fatal. */
const missingAddress = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Accepts connections on a further address and hands them to the same HTTP server, as Node documents for its
 * 'connection' event: one server, one handler and one close for both addresses (a Node server listens on one
 * address; two servers per host would have to be closed apart by everyone who starts one).
 */
export function alsoListenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const extra = createNetServer((socket) => server.emit('connection', socket));
    extra.once('error', (error: NodeJS.ErrnoException) =>
      missingAddress.has(error.code ?? '') ? resolve() : reject(error),
    );
    extra.listen(port, host, () => {
      server.once('close', () => extra.close());
      resolve();
    });
  });
}
