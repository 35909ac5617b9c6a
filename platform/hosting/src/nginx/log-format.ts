/**
 * The origin's access log as JSON lines: one definition, emitted by the generated configuration (config.ts)
 * and rendered as ops/nginx/log-format.conf for an nginx configured by hand (a test keeps the two identical).
 * One object per request with the fields an operator greps (jq 'select(.status >= 500)', the slowest by
 * request_time, the services' time apart from nginx's by upstream_time). No cookie, no query string, no bucket
 * identifier: nothing that follows a visitor. `path` is what the visitor asked for; `served` is the file or
 * location that answered (for a page, its variant's or preview's folder: /__agency/page/pages/<variant>/…).
 */

export const accessLogFormatName = 'agency_json';

/** The request path without its query (nginx's $uri is the rewritten one, a page's file). */
export const requestPathMap = [
  'map $request_uri $agency_request_path {',
  '  "~^(?<path>[^?]*)" $path;',
  '  default $request_uri;',
  '}',
];

/**
 * The file or location that answered, without the prefix of the brotli twin that sent it (config.ts,
 * brotliTwin): /__agency/br/page/__agency/page/pages/services.html is logged as /__agency/page/pages/services.html.
 */
export const servedMap = [
  'map $uri $agency_served {',
  '  "~^/__agency/br/[^/]+(?<served>/.*)$" $served;',
  '  default $uri;',
  '}',
];

const fields: Array<[name: string, value: string, quoted: boolean]> = [
  ['time', '$time_iso8601', true],
  ['client', '$remote_addr', true],
  ['host', '$host', true],
  ['method', '$request_method', true],
  ['path', '$agency_request_path', true],
  ['served', '$agency_served', true],
  ['status', '$status', false],
  ['bytes', '$body_bytes_sent', false],
  ['request_time', '$request_time', false],
  ['upstream', '$upstream_addr', true],
  ['upstream_time', '$upstream_response_time', true],
  ['upstream_status', '$upstream_status', true],
  ['encoding', '$sent_http_content_encoding', true],
  ['cache_control', '$sent_http_cache_control', true],
  ['referer', '$http_referer', true],
  ['agent', '$http_user_agent', true],
];

/** The log_format directive (and the map it reads), as lines of an http block. */
export function accessLogFormat(): string[] {
  const entries = fields.map(([name, value, quoted]) =>
    quoted ? `"${name}":"${value}"` : `"${name}":${value}`,
  );
  // Three fields a line, as nginx reads adjacent quoted strings as one.
  const lines: string[] = [];
  for (let index = 0; index < entries.length; index += 3)
    lines.push(entries.slice(index, index + 3).join(','));
  const quotedLines = lines.map(
    (line, index) => `    '${index === 0 ? '{' : ''}${line}${index === lines.length - 1 ? '}' : ','}'`,
  );
  return [
    ...requestPathMap,
    ...servedMap,
    `log_format ${accessLogFormatName} escape=json`,
    ...quotedLines.map((line, index) => (index === quotedLines.length - 1 ? `${line};` : line)),
  ];
}

/** ops/nginx/log-format.conf: the same lines for an http block of a configuration written by hand. */
export function accessLogFormatFile(): string {
  return `${[
    '# Generated from platform/hosting/src/nginx/log-format.ts (the format `pnpm nginx-config` writes); change it there.',
    `# Include it in the http block, then \`access_log /var/log/nginx/agency/access.log ${accessLogFormatName};\`.`,
    '# One JSON object per request: time, client, host, method, path (without the query), served (the file or',
    "# location that answered: a page's variant folder), status, bytes, request_time, upstream, upstream_time,",
    '# upstream_status, encoding, cache_control, referer, agent. No cookie, no query, no bucket identifier.',
    ...accessLogFormat(),
  ].join('\n')}\n`;
}
