/**
 * Reading X-Forwarded-For and X-Forwarded-Proto behind a known number of reverse proxies: the rule the
 * platform's hosts share, in build-config/trusted-proxy (the API skips empty entries, its default).
 */
export { fromTheRight } from 'build-config/trusted-proxy';
