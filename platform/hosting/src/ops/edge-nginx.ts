/**
 * An example CDN edge: nginx as a caching proxy in front of the site's origin (the embedded host or the origin
 * nginx of `pnpm nginx-config`), one server per origin host (the shell's and each remote's). ops/cdn/ holds it
 * rendered for a real host; platform/hosting/src/ops/edge-cdn.test.ts runs it in front of the embedded host.
 *
 * The edge keeps no rules of its own: the origin's Cache-Control already says what may be kept (hashed assets
 * a year, other files an hour, pages, remotes.json, runtime.json and manifests never), nginx's proxy_cache obeys
 * it, never stores an answer that sets a cookie, and keeps one copy per encoding (the origin's Vary). So a
 * release, which changes remotes.json and the pages, is seen through the edge at once, with no purge.
 */

export interface EdgeServer {
  /** Where the edge listens (host:port, or a port). */
  listen: string;
  /** server_name, for an edge that serves several names on one port. */
  serverName?: string;
  /** https on `listen`, with this certificate and key (PEM files). */
  tls?: { certificate: string; key: string };
  /**
   * Path prefix → origin. `/` → `https://origin:3000` passes paths as they are; `/mf-marketing/` →
   * `https://origin:3001/` takes the prefix off, so one CDN name serves every remote's folder
   * (AGENCY_REMOTES_ORIGIN=https://cdn.example.com writes such URLs into remotes.json).
   */
  origins: Array<{ path: string; origin: string }>;
}

export interface EdgeOptions {
  /** The edge's own folder: cache, temporary files, pid and logs (nginx -p). */
  prefix: string;
  servers: EdgeServer[];
  /** The cache's largest size on disk. */
  maxSize?: string;
  /** The worker user when nginx starts as root (an unprivileged one). */
  user?: string;
}

/**
 * One JSON object per request, for jq and log shippers: the fields an operator greps when something is slow or
 * failing. `cache` is the edge's HIT, MISS, BYPASS, EXPIRED, REVALIDATED or STALE.
 */
export const edgeLogFormat = `log_format agency_edge escape=json '{"time":"$time_iso8601","client":"$remote_addr",'
    '"method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,'
    '"request_time":$request_time,"upstream_time":"$upstream_response_time","cache":"$upstream_cache_status",'
    '"encoding":"$sent_http_content_encoding","referer":"$http_referer","agent":"$http_user_agent"}';`;

const locationBlock = ({ path, origin }: EdgeServer['origins'][number]) => `
        location ${path} {
            proxy_pass ${origin};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_ssl_server_name on;
            # The edge is the one proxy in front of the origin (AGENCY_TRUST_PROXY=1, ENQUIRY_TRUST_PROXY=1):
            # it writes the client's address, never appends to what the client sent.
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;

            proxy_cache agency_edge;
            # Pages pass through with the visitor's Cookie header (the origin picks the variant by the bucket
            # cookie) and come back no-store with Set-Cookie: neither is ever stored. No proxy_ignore_headers:
            # Cache-Control, Expires, Set-Cookie and Vary all keep their say.
            proxy_cache_key $scheme$proxy_host$request_uri;
            proxy_cache_revalidate on;
            proxy_cache_lock on;
            proxy_cache_use_stale error timeout updating http_502 http_503 http_504;
            proxy_cache_background_update on;
            add_header X-Cache-Status $upstream_cache_status always;
        }
`;

const serverBlock = ({ listen, serverName, tls, origins }: EdgeServer) => `
    server {
        listen ${listen}${tls ? ' ssl' : ''};${serverName ? `\n        server_name ${serverName};` : ''}${
          tls ? `\n        ssl_certificate ${tls.certificate};\n        ssl_certificate_key ${tls.key};` : ''
        }
${origins.map(locationBlock).join('')}    }
`;

export function edgeNginxConfig({ prefix, servers, maxSize = '10g', user }: EdgeOptions): string {
  return `# A CDN edge in front of the site's origin: caches what the origin's Cache-Control allows, nothing else.
# Made by platform/hosting/src/ops/edge-nginx.ts (docs/deployment.md, "Production recipe").
${user ? `user ${user};\n` : ''}worker_processes auto;
pid ${prefix}/edge.pid;
error_log ${prefix}/logs/error.log warn;

events {
    worker_connections 1024;
}

http {
    ${edgeLogFormat}
    access_log ${prefix}/logs/access.log agency_edge;

    client_body_temp_path ${prefix}/temp/body;
    proxy_temp_path ${prefix}/temp/proxy;
    fastcgi_temp_path ${prefix}/temp/fastcgi;
    uwsgi_temp_path ${prefix}/temp/uwsgi;
    scgi_temp_path ${prefix}/temp/scgi;

    # inactive: a hashed asset nobody asked for in 30 days leaves the disk; its max-age is a year.
    proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=agency_edge:50m max_size=${maxSize} inactive=30d use_temp_path=off;

    # What a client sends is passed on unchanged (the origin's own limits answer it).
    large_client_header_buffers 4 16k;
    server_tokens off;
${servers.map(serverBlock).join('')}}
`;
}
