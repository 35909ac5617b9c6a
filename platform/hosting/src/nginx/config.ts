/**
 * nginx's configuration for a deploy folder, from the same model the embedded host serves (static-host.ts):
 * the ports and addresses of build-config/topology and serve-deploy.ts, the hosting rules of deploy-model's
 * hosting-rules.ts and the security headers of its security/policy.ts. nginx's own modules do the work: `types` for the Content-Types,
 * `location` regexes for the cache rules, a `map` from route path to page file, brotli_static (in twin
 * locations, brotliTwin) and gzip_static for the files precompressed at publish, proxy_pass for the enquiry API and the release service. What a
 * configuration cannot say (the bucket cookie, the page variant, the pages' policy, preview links) is asked of
 * one njs module bundled from the project's TypeScript (bundle.ts, njs/site.ts).
 */

import { deployedSite } from 'deploy-folder/site-description';
import {
  allowedMethods,
  cacheRules,
  contentTypes,
  hashedAsset,
  maxTargetLength,
  neverCached,
  preflightMaxAgeSeconds,
  routePages,
} from 'deploy-model/hosting-rules';
import { pageFileName } from 'deploy-model/layout';
import { frameOptions, generalSecurityHeaders } from 'deploy-model/security/policy';
import { previewCookie } from 'federation/preview';
import { describedPaths } from 'federation/site-description';
import { nginxModuleDir } from 'platform-kit/debian-tools';
import { strictTransportSecurity } from '../static-host/proxy.ts';
import { accessLogFormat, accessLogFormatName } from './log-format.ts';

/** Where Debian's packages put the dynamic modules (libnginx-mod-http-js, libnginx-mod-http-brotli-static). */
export const moduleDir = nginxModuleDir;

export interface NginxFiles {
  /** The bundled njs modules (bundle.ts), absolute: public pages' (imported for every request) and previews'. */
  njsModule: string;
  njsPreviewModule: string;
  pidFile: string;
  errorLog: string;
  accessLog: string;
  /** Request bodies and proxied answers nginx spools to disk go under it. */
  tempDir: string;
}

export interface NginxModel {
  /** The deploy folder, absolute. */
  deploy: string;
  files: NginxFiles;
  /** Each static host: the shell's first, then the remotes' (folder relative to the deploy). */
  sites: Array<{ name: string; folder: string; port: number; shell: boolean }>;
  /** `listen` addresses, as nginx writes them ("127.0.0.1", "[::1]"). */
  addresses: string[];
  /** AGENCY_TRUST_PROXY: how many proxies in front may say the visitor came over https. */
  trustProxy: number;
  /**
   * The proxies (addresses or CIDR ranges) whose X-Forwarded-For names the visitor (AGENCY_TRUST_PROXY_FROM,
   * --trust-proxy-from): nginx's realip module then makes the visitor $remote_addr. None: the connecting address.
   */
  trustedProxies?: string[];
  /** The enquiry API and the release service behind nginx: the public port and the internal URL of each. */
  upstreams?: Array<{ name: string; addresses: string[]; port: number; url: string; uploads: boolean }>;
  tls?: { certificate: string; key: string };
  serverName?: string;
  /** The workers' user (the `user` directive; only a master started as root switches to it). */
  user?: string;
}

/**
 * A string as nginx reads it back: quoted, with quotes and backslashes escaped. nginx would read a "$" as a
 * variable and has no escape for it; nothing the model holds has one, and a value that did is refused.
 */
function quote(value: string): string {
  if (value.includes('$')) throw new Error(`nginx cannot quote a "$" (in ${value})`);
  return quotePattern(value);
}

/** A regular expression (location, map key): nginx reads no variables in these, so "$" is the anchor. */
const quotePattern = (value: string) =>
  `"${value.replace(/["\\]/g, (char) => `\\${char}`).replace(/\n/g, '\\n')}"`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A value with nginx variables in it, quoted but not escaped (only generated names go there). */
const withVariables = (value: string) => `"${value}"`;

const indent = (lines: string[], depth: number) => lines.map((line) => `${'  '.repeat(depth)}${line}`);

type HeaderValue = { text: string } | { variable: string };

/**
 * The whole set of headers of one kind of answer. A location with any add_header of its own drops every
 * add_header of the server, so each location gets all of them; `always`, because the embedded host sends
 * them on errors too.
 */
function headerLines(headers: Record<string, HeaderValue>): string[] {
  return Object.entries(headers).map(
    ([name, value]) =>
      `add_header ${name} ${'text' in value ? quote(value.text) : withVariables(value.variable)} always;`,
  );
}

const text = (value: string): HeaderValue => ({ text: value });
const variable = (name: string): HeaderValue => ({ variable: `$${name}` });

function baseHeaders(cors: boolean): Record<string, HeaderValue> {
  return {
    ...Object.fromEntries(Object.entries(generalSecurityHeaders).map(([name, value]) => [name, text(value)])),
    ...(cors ? { 'Access-Control-Allow-Origin': text('*') } : {}),
    // Empty (no header) unless the visitor came over TLS or a trusted proxy says so.
    'Strict-Transport-Security': variable('agency_hsts'),
  };
}

const typesBlock = () => [
  'types {',
  ...indent(
    Object.entries(contentTypes).map(([extension, type]) => `${quote(type)} ${extension.slice(1)};`),
    1,
  ),
  '}',
  'default_type application/octet-stream;',
];

/**
 * X-Forwarded-Proto is believed only from trusted proxies, as static-host/proxy.ts reads it: the entry `hops`
 * from the right (each proxy appends one), or the first of a shorter list.
 */
export function forwardedHttpsPattern(hops: number): string {
  const entry = '\\s*https\\s*';
  const after = (count: string) => `(,[^,]*)${count}`;
  return `~*(^${entry}${after(`{0,${hops - 1}}`)}$)|(,${entry}${after(`{${hops - 1}}`)}$)`;
}

/**
 * The visitor's address behind a CDN or proxy: nginx's realip module walks X-Forwarded-For from the right past
 * every trusted proxy's entry (real_ip_recursive) and takes the first it does not trust; a client not in the
 * list is itself the visitor, whatever header it sends. Logs and the services (X-Forwarded-For below) see it.
 */
const realIpLines = (trustedProxies: string[] = []) =>
  trustedProxies.length === 0
    ? []
    : [
        ...trustedProxies.map((range) => `set_real_ip_from ${range};`),
        'real_ip_header X-Forwarded-For;',
        'real_ip_recursive on;',
      ];

function httpsMaps(trustProxy: number): string[] {
  const forwarded =
    trustProxy > 0
      ? [
          'map $http_x_forwarded_proto $agency_forwarded_https {',
          `  ${quotePattern(forwardedHttpsPattern(trustProxy))} 1;`,
          '  default "";',
          '}',
        ]
      : ['map $http_x_forwarded_proto $agency_forwarded_https {', '  default "";', '}'];
  return [
    ...forwarded,
    'map $https $agency_https {',
    '  on 1;',
    '  default $agency_forwarded_https;',
    '}',
    'map $agency_https $agency_proto {',
    '  1 https;',
    '  default $scheme;',
    '}',
    'map $agency_https $agency_hsts {',
    `  1 ${quote(strictTransportSecurity)};`,
    '  default "";',
    '}',
  ];
}

/**
 * Route path → page file, with and without a trailing slash (the embedded host trims it), case as written: the
 * routes of the shell deployed when the configuration is written, which njs answers by until pages are written
 * (after that, by the pages' own index: a route a shell release adds or removes needs no new configuration).
 * $agency_page_candidate marks a path that may name a route (no dot in it, not the site's /__ endpoints), so njs
 * never runs for a file.
 */
function routeMap(model: NginxModel): string[] {
  const entries = routePages(describedPaths(deployedSite(model.deploy))).map(({ path, page }) => {
    const pattern = path === '/' ? '^/$' : `^${escapeRegExp(path)}/?$`;
    return `  ${quotePattern(`~${pattern}`)} ${quote(page)};`;
  });
  return [
    'map $uri $agency_route_page {',
    ...entries,
    // Asked for by name, the bare index.html names no route and gives way to the generated home page.
    `  "/index.html" ${quote(pageFileName('/'))};`,
    '  default "";',
    '}',
    'map $uri $agency_page_candidate {',
    // Not the site's own endpoints (/__preview…): their locations import the preview module, which njs cannot
    // load into a request whose VM the site module's js_set has already made.
    `  ${quotePattern('~^/(?!__)[^.]*$')} 1;`,
    '  "/index.html" 1;',
    '  default "";',
    '}',
    // The page's file is asked of njs only for a candidate (a map's value is evaluated only when it is chosen).
    'map $agency_page_candidate $agency_route_target {',
    '  "" "";',
    '  default $agency_route_file;',
    '}',
  ];
}

const listenLines = (model: NginxModel, port: number, addresses = model.addresses) =>
  addresses.map(
    (address) =>
      `listen ${address}:${port}${model.tls ? ' ssl' : ''}${address === '[::]' ? ' ipv6only=off' : ''};`,
  );

function serverCommon(model: NginxModel, port: number, addresses = model.addresses): string[] {
  return [
    ...listenLines(model, port, addresses),
    ...(model.serverName ? [`server_name ${model.serverName};`] : []),
    ...(model.tls
      ? [`ssl_certificate ${quote(model.tls.certificate)};`, `ssl_certificate_key ${quote(model.tls.key)};`]
      : []),
  ];
}

const plain = 'text/plain; charset=utf-8';

/** Where each refusal is answered: an internal URI, never a visitor's. */
const refusalUri = (status: number) => `/__agency/refusal/${status}`;

/**
 * The refusals, as the embedded host words them: short plain text nothing caches. They are locations with a
 * URI, not named ones: nginx cannot pass a request whose line it could not read to a named location.
 */
function refusalLocations(cors: boolean): string[] {
  const refusal = (status: number, message: string, extra: Record<string, HeaderValue> = {}) => [
    `location = ${refusalUri(status)} {`,
    ...indent(
      [
        'internal;',
        // No type from the path's extension (a missing .js is refused in plain text, not as a script).
        'types { }',
        `default_type ${quote(plain)};`,
        ...headerLines({ ...baseHeaders(cors), 'Cache-Control': text(cacheRules.neverCached), ...extra }),
        `return ${status} ${quote(`${message}\n`)};`,
      ],
      1,
    ),
    '}',
  ];
  return [
    ...refusal(400, 'Bad request'),
    ...refusal(404, 'Not found'),
    ...refusal(405, 'Method not allowed', { Allow: text(allowedMethods) }),
    ...refusal(414, 'URI too long'),
    ...refusal(431, 'Request header fields too large'),
    ...refusal(500, 'Internal server error'),
  ];
}

/**
 * What every server does before it looks at a file: limits, methods, the preflight answer. `sessions`: the
 * shell's server also takes POST on the page devtools' session paths (sessionLocation, below).
 */
function serverChecks(shell: boolean, sessions = false): string[] {
  return [
    // An HTTP version nginx does not speak is, as in the embedded host, a bad request.
    `error_page 400 505 =400 ${refusalUri(400)};`,
    // A file nginx may not read (or a folder without index.html) is, as in the embedded host, not found.
    `error_page 403 404 =404 ${shell ? '@not_found_page' : refusalUri(404)};`,
    `error_page 405 ${refusalUri(405)};`,
    `error_page 414 ${refusalUri(414)};`,
    // 494 is nginx's own code for a header line over its buffers, which it would answer as a 400.
    `error_page 494 =431 ${refusalUri(431)};`,
    `error_page 500 502 503 504 =500 ${refusalUri(500)};`,
    'if ($agency_target_too_long) { return 414; }',
    'if ($request_method = OPTIONS) { return 204; }',
    sessions
      ? 'if ($agency_method_refused) { return 405; }'
      : 'if ($request_method !~ ^(GET|HEAD)$) { return 405; }',
  ];
}

/** The shell's methods where nginx fronts the release service: GET and HEAD, and POST on the session paths. */
const sessionMethodsMap = [
  'map "$request_method $uri" $agency_method_refused {',
  `  ${quotePattern('~^(GET|HEAD) ')} "";`,
  `  ${quotePattern('~^POST /__preview/session(/switch|/options)?$')} "";`,
  '  default 1;',
  '}',
];

/** The preflight's headers, on the server's own answers only (every location has its own set). */
function serverHeaders(cors: boolean): string[] {
  return headerLines({
    ...baseHeaders(cors),
    Allow: variable('agency_preflight_allow'),
    'Access-Control-Allow-Methods': variable('agency_preflight_methods'),
    'Access-Control-Max-Age': variable('agency_preflight_max_age'),
  });
}

/**
 * Brotli siblings, served around a bug of Debian's brotli_static module (1.0.0~rc): it hands nginx the sibling's
 * path with a length 4 bytes past its end, and with `disable_symlinks on` nginx walks that length for "/": a
 * "/" left in the request's pool memory by an earlier request makes it open `<file>.br` as a folder (ENOTDIR),
 * and the visitor gets gzip instead of brotli, depending on what that worker served before. So the choice is
 * made here with nginx's own checks (`-f`, under `disable_symlinks on`: the file and its sibling, each a
 * regular file reached through no link) and the request goes, internally, to a twin location under
 * /__agency/br/ where brotli_static sends the sibling with links already ruled out (`disable_symlinks off`,
 * so nginx opens the path as the string it is). The twin sends the same headers as the location it stands for.
 */
const brotliPrefix = '/__agency/br/';

/** The lines of a location that hand a brotli-accepting request for a file with a sibling to its twin. */
const toBrotliTwin = (key: string) => [
  'set $agency_br_try "/";',
  'if (-f $request_filename) { set $agency_br_try $agency_br_suffix; }',
  `if (-f $request_filename$agency_br_try) { rewrite ^ ${brotliPrefix}${key}$uri last; }`,
];

/** The twin location: `prefix` as the original location's URIs start, `dir` the folder they map to. */
const brotliTwin = (key: string, prefix: string, dir: string, headers: string[]) => [
  `location ^~ ${brotliPrefix}${key}${prefix} {`,
  ...indent(
    ['internal;', `alias ${quote(`${dir}/`)};`, 'disable_symlinks off;', 'brotli_static on;', ...headers],
    1,
  ),
  '}',
];

/**
 * Whether the request accepts brotli (as brotli_static reads Accept-Encoding: the token, not with q=0), as the
 * suffix of the sibling to look for; "/" names no file, so the check fails.
 */
const brotliMap = [
  'map $http_accept_encoding $agency_br_suffix {',
  `  ${quotePattern('~*(^|[ ,])br *(,|$|;(?! *q *= *0(\\.0{0,3})? *(,|$)))')} ".br";`,
  '  default "/";',
  '}',
];

function fileLocations(cors: boolean, htmlPolicy: string, dir: string): string[] {
  const files = (
    key: string,
    pattern: string,
    cacheControl: string,
    extra: Record<string, HeaderValue> = {},
  ) => {
    const headers = headerLines({
      ...baseHeaders(cors),
      'Cache-Control': text(cacheControl),
      Vary: text('Accept-Encoding'),
      ...extra,
    });
    return [
      `location ${pattern} {`,
      ...indent(
        [
          ...toBrotliTwin(key),
          ...headers,
          // A folder's URL, with or without its slash, is served its index.html (by the index module).
          'try_files $uri $uri/ =404;',
        ],
        1,
      ),
      '}',
      ...brotliTwin(key, '/', dir, headers),
    ];
  };
  const policy = { 'Content-Security-Policy': variable(htmlPolicy), ...headerTexts(frameOptions) };
  // Checked in this order, as cacheControl() does: never cached, then hashed, then the rest.
  return [
    ...files('html', `~ ${quotePattern('\\.html$')}`, cacheRules.neverCached, policy),
    ...files('never-cached', `~ ${quotePattern(neverCached.source)}`, cacheRules.neverCached),
    ...files('hashed', `~ ${quotePattern(hashedAsset.source)}`, cacheRules.hashed),
    ...files('other', '/', cacheRules.other),
  ];
}

const headerTexts = (headers: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, text(value)]));

const untyped = ['types { }', 'default_type "";'];

/** The shell's own: route pages, the 404 page, previews and a preview browser's remote map. */
function shellLocations(model: NginxModel): string[] {
  const deployAlias = `alias ${quote(`${model.deploy}/`)};`;
  const pageHeaders = headerLines({
    ...baseHeaders(false),
    'Cache-Control': text(cacheRules.neverCached),
    // A page chosen by the visitor's bucket cookie must not be given to another visitor by a shared cache.
    Vary: text('Accept-Encoding, Cookie'),
    'Content-Security-Policy': variable('agency_shell_csp'),
    ...headerTexts(frameOptions),
    'Set-Cookie': variable('agency_bucket_cookie'),
  });
  const location = (pattern: string, body: string[]) => [`location ${pattern} {`, ...indent(body, 1), '}'];
  // Imported here only: njs 0.7 runs every imported module's top-level code for each request it serves.
  const previewImport = `js_import preview from ${quote(model.files.njsPreviewModule)};`;
  return [
    ...location('@not_found_page', ['rewrite ^ /__agency/page/$agency_not_found_page last;']),
    // Internal only: reached from the rewrites above and below, never by a visitor's URL.
    ...location('^~ /__agency/page/', ['internal;', deployAlias, ...toBrotliTwin('page'), ...pageHeaders]),
    ...brotliTwin('page', '/__agency/page/', model.deploy, pageHeaders),
    // The module sets the type of what it sends; a redirect has none.
    ...location('= /__preview', [
      ...untyped,
      ...headerLines(baseHeaders(false)),
      previewImport,
      'js_content preview.previewOpen;',
    ]),
    ...location('= /__preview/exit', [
      ...untyped,
      ...headerLines(baseHeaders(false)),
      previewImport,
      'js_content preview.previewExit;',
    ]),
    ...location('= /remotes.json', [
      // Asked of njs only for a browser with a preview cookie; its dev map is answered in the same VM.
      previewImport,
      'if ($agency_preview_map = dev) { rewrite ^ /__agency/dev-remotes last; }',
      'if ($agency_preview_map) { rewrite ^ /__agency/file/$agency_preview_map last; }',
      ...headerLines({
        ...baseHeaders(false),
        'Cache-Control': text(cacheRules.neverCached),
        Vary: text('Accept-Encoding'),
      }),
      'try_files $uri =404;',
    ]),
    ...location('= /__agency/dev-remotes', [
      'internal;',
      ...headerLines({
        ...baseHeaders(false),
        'Cache-Control': text(cacheRules.neverCached),
        Vary: text('Accept-Encoding, Cookie'),
      }),
      previewImport,
      'js_content preview.devRemoteMap;',
    ]),
    ...location('^~ /__agency/file/', [
      'internal;',
      deployAlias,
      ...headerLines({
        ...baseHeaders(false),
        'Cache-Control': text(cacheRules.neverCached),
        Vary: text('Accept-Encoding, Cookie'),
      }),
    ]),
    ...sessionLocation(model),
  ];
}

/**
 * The page devtools' session requests (`POST /__preview/session[/switch|/options]`), passed to the release
 * service's `/sessions[/…]` as the embedded host passes them (static-host/session-forward.ts). Only where nginx
 * fronts the release service (its upstreams); elsewhere the paths are not found.
 */
function sessionLocation(model: NginxModel): string[] {
  const service = model.upstreams?.find((upstream) => upstream.name === 'release service');
  if (!service) return [];
  return [
    'location ~ ^/__preview/session(/switch|/options)?$ {',
    ...indent(
      [
        // As the embedded host: POST only, a small body.
        'if ($request_method != POST) { return 405; }',
        'client_max_body_size 16k;',
        'rewrite ^/__preview/session(.*)$ /sessions$1 break;',
        `proxy_pass ${service.url.replace(/\/+$/, '')};`,
        'proxy_http_version 1.1;',
        'proxy_set_header Connection "";',
        'proxy_set_header Host $http_host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $agency_proto;',
        'add_header Cache-Control "no-store" always;',
      ],
      1,
    ),
    '}',
  ];
}

function staticServer(model: NginxModel, site: NginxModel['sites'][number]): string[] {
  const cors = !site.shell;
  return [
    'server {',
    ...indent(
      [
        `# ${site.name}`,
        ...serverCommon(model, site.port),
        `root ${quote(`${model.deploy}/${site.folder}`)};`,
        'index index.html;',
        ...serverHeaders(cors),
        ...serverChecks(site.shell, site.shell && sessionLocation(model).length > 0),
        ...(site.shell
          ? ['if ($agency_route_target) { rewrite ^ /__agency/page/$agency_route_target last; }']
          : []),
        ...refusalLocations(cors),
        ...(site.shell ? shellLocations(model) : []),
        ...fileLocations(
          cors,
          site.shell ? 'agency_shell_csp' : 'agency_standalone_csp',
          `${model.deploy}/${site.folder}`,
        ),
      ],
      1,
    ),
    '}',
  ];
}

/**
 * The enquiry API and the release service behind nginx. X-Forwarded-For is overwritten with the visitor's
 * address (the connecting one, or realip's behind trusted proxies; never appended: a client's own header
 * would be believed), so each service trusts exactly one hop.
 * Bodies are streamed, not spooled, and not limited here: each service's own limit answers, with its own
 * clear 413 message (the API's ENQUIRY_MAX_BODY_BYTES, the release service's AGENCY_RELEASE_MAX_UPLOAD_MB).
 */
function upstreamServer(model: NginxModel, upstream: NonNullable<NginxModel['upstreams']>[number]): string[] {
  return [
    'server {',
    ...indent(
      [
        `# ${upstream.name}`,
        ...serverCommon(model, upstream.port, upstream.addresses),
        'client_max_body_size 0;',
        'location / {',
        ...indent(
          [
            `proxy_pass ${upstream.url};`,
            'proxy_http_version 1.1;',
            'proxy_set_header Connection "";',
            'proxy_set_header Host $http_host;',
            'proxy_set_header X-Forwarded-For $remote_addr;',
            // https when the visitor came over TLS here or, by a trusted proxy's word, before it.
            'proxy_set_header X-Forwarded-Proto $agency_proto;',
            'proxy_request_buffering off;',
            'proxy_buffering off;',
            // A release is uploaded, checked by its gates and published before its reply: minutes, not seconds.
            ...(upstream.uploads
              ? ['client_body_timeout 600s;', 'proxy_send_timeout 600s;', 'proxy_read_timeout 900s;']
              : []),
          ],
          1,
        ),
        '}',
      ],
      1,
    ),
    '}',
  ];
}

/** The njs functions and what they are called in the configuration. */
const njsVariables = [
  ['agency_route_file', 'routePage'],
  ['agency_not_found_page', 'notFoundPage'],
  ['agency_bucket_cookie', 'bucketCookie'],
  ['agency_shell_csp', 'shellCsp'],
  ['agency_standalone_csp', 'standaloneCsp'],
  ['agency_remotes_source', 'remotesSource'],
] as const;

export function nginxConfig(model: NginxModel): string {
  const { files } = model;
  const temp = (name: string) => `${name}_temp_path ${quote(`${files.tempDir}/${name}`)};`;
  const lines = [
    '# Generated by platform/hosting/src/nginx/config.ts (pnpm nginx-config); regenerate rather than edit.',
    `load_module ${moduleDir}/ngx_http_js_module.so;`,
    `load_module ${moduleDir}/ngx_http_brotli_static_module.so;`,
    ...(model.user ? [`user ${model.user};`] : []),
    'worker_processes auto;',
    `pid ${quote(files.pidFile)};`,
    `error_log ${quote(files.errorLog)} warn;`,
    'events {',
    '  worker_connections 1024;',
    '}',
    'http {',
    ...indent(
      [
        ...typesBlock(),
        'server_tokens off;',
        'charset off;',
        ...accessLogFormat(),
        `access_log ${quote(files.accessLog)} ${accessLogFormatName};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
        // A link inside a served folder pointing out of it serves nothing (the embedded host follows a link only
        // to a file inside the folder; nginx, more strictly, none).
        'disable_symlinks on;',
        'sendfile on;',
        'tcp_nopush on;',
        // Redirects name the path only, as the embedded host's do.
        'absolute_redirect off;',
        // The request line must fit one buffer: room for the longest target answered plus method and version;
        // a longer target gets 414 from the map below, as from the embedded host.
        `large_client_header_buffers 4 ${maxTargetLength + 1024};`,
        'uninitialized_variable_warn off;',
        // Files are compressed once, at publish (<file>.br, <file>.gz), never per request.
        'gzip off;',
        'gzip_static on;',
        'gzip_proxied any;',
        'gzip_http_version 1.0;',
        // brotli_static only in the twin locations (brotliTwin): their bug is kept out of every other.
        ...brotliMap,
        `js_import site from ${quote(files.njsModule)};`,
        ...njsVariables.map(([name, handler]) => `js_set $${name} site.${handler};`),
        // A new visitor's page variant and bucket cookie both read $request_id; nginx keeps one value per request
        // only for a variable the configuration names (njs alone would draw a new one at every read).
        'map $request_id $agency_new_visitor { default $request_id; }',
        'map $request_uri $agency_target_over_length {',
        `  ${quotePattern(`~^.{${maxTargetLength + 1}}`)} 1;`,
        '  default "";',
        '}',
        // The refusal itself (an internal redirect, which runs the server's checks again) is not refused again.
        'map $uri $agency_target_too_long {',
        '  "~^/__agency/" "";',
        '  default $agency_target_over_length;',
        '}',
        'map $request_method $agency_preflight_allow {',
        `  OPTIONS ${quote(allowedMethods)};`,
        '  default "";',
        '}',
        'map $request_method $agency_preflight_methods {',
        '  OPTIONS "GET, HEAD";',
        '  default "";',
        '}',
        'map $request_method $agency_preflight_max_age {',
        `  OPTIONS ${preflightMaxAgeSeconds};`,
        '  default "";',
        '}',
        // Only a browser with a preview cookie has the module check it: every other gets the live map at once.
        'map $http_cookie $agency_preview_map {',
        `  ${quotePattern(`~(^|;)\\s*${escapeRegExp(previewCookie)}=`)} $agency_remotes_source;`,
        '  default "";',
        '}',
        ...realIpLines(model.trustedProxies),
        ...httpsMaps(model.trustProxy),
        ...routeMap(model),
        ...(sessionLocation(model).length > 0 ? sessionMethodsMap : []),
        ...model.sites.flatMap((site) => staticServer(model, site)),
        ...(model.upstreams ?? []).flatMap((upstream) => upstreamServer(model, upstream)),
      ],
      1,
    ),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
