/**
 * Where the release service listens, from the environment: read by the service itself, by `npm start`, which
 * starts it, and by the nginx runner, which puts it behind nginx. Apart from the service, so the hosts need not
 * import the service to find it.
 */
import { portOf, releaseService } from 'build-config/topology';

/** The address and port the service listens on; a bad AGENCY_RELEASE_PORT throws, naming it. */
export function releaseServiceAddress(env: NodeJS.ProcessEnv = process.env): { host: string; port: number } {
  const host = env.AGENCY_RELEASE_HOST?.trim() || '127.0.0.1';
  const raw = env.AGENCY_RELEASE_PORT?.trim();
  if (!raw) return { host, port: portOf(releaseService, env) };
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65_535)
    throw new Error(
      `AGENCY_RELEASE_PORT must be a port number from 1 to 65535, got "${env.AGENCY_RELEASE_PORT}"`,
    );
  return { host, port };
}
