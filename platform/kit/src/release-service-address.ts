/**
 * Where the release service listens, from the environment: read by the service itself, by `npm start`, which
 * starts it, and by the nginx runner, which puts it behind nginx. Apart from the service, so the hosts need not
 * import the service to find it; the variables are read in the service's settings module.
 */
export { releaseServiceAddress } from './settings/release-service.ts';
