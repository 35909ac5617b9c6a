import { connect } from 'node:net';

/*
 * The request table: requests a static host must refuse or answer with care (traversal, odd encodings, methods,
 * long targets, malformed heads), with the answer each kind of host gives. Exported so the same table runs against
 * every server that serves a deploy (the embedded host, nginx).
 *
 * Requests are written byte for byte on a raw socket: fetch and undici would resolve "..", turn "\" into "/"
 * or refuse to send a malformed request at all, and then the host would never see what a probe sends.
 *
 * The table expects the deploy laid out as static-host.test.ts lays it out: a secret.txt beside the served folders
 * and a "shell-private" sibling holding another; in the shell's folder a file named "%2e%2e", a file link
 * static/leak.txt and a folder link "outside" pointing out of the folder; in the remote's folder 1.0.0/leak.json
 * and "outside" likewise. No answer to any probe may contain the secret.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything received, head and body: the secret must not be anywhere in it. */
  raw: string;
}

/** Writes the bytes as they are and reads until the host closes the connection (Connection: close, or a refusal), within 4 s. */
export function rawRequest(port: number, bytes: string, host = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No complete answer within 4 s to ${JSON.stringify(bytes.slice(0, 80))}`));
    }, 4000);
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset after the answer (the host closing while bytes are unread) still leaves what was read.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const headEnd = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...fields] = raw.slice(0, headEnd === -1 ? raw.length : headEnd).split('\r\n');
      const headers = Object.fromEntries(
        fields.map((field) => {
          const colon = field.indexOf(':');
          return [field.slice(0, colon).toLowerCase(), field.slice(colon + 1).trim()];
        }),
      );
      const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0);
      resolve({ status, headers, body: headEnd === -1 ? '' : raw.slice(headEnd + 4), raw });
    });
    // Written, not ended: Node's server drops a response still being streamed once the client half-closes.
    socket.write(bytes);
  });
}

export const get = (target: string, method = 'GET') =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

export interface Probe {
  name: string;
  request: string;
  /** The status from each kind of host (one number: the same from both). */
  status: number | { shell: number; remote: number };
}

/** The shell answers a path it has no file for with its 404 page; a remote with a plain 404. */
export const notFound = { shell: 404, remote: 404 };

export const probes: Probe[] = [
  { name: 'a dot-dot segment', request: get('/../secret.txt'), status: 400 },
  { name: 'dot-dot segments deep down', request: get('/static/../../../../../../etc/passwd'), status: 400 },
  { name: 'a dot-dot into a sibling folder', request: get('/../shell-private/secret.txt'), status: 400 },
  { name: 'a single-dot segment', request: get('/./index.html'), status: 400 },
  { name: 'an encoded dot-dot (%2e%2e)', request: get('/%2e%2e/secret.txt'), status: 400 },
  { name: 'an encoded dot-dot in capitals (%2E%2E)', request: get('/%2E%2E/%2E%2E/secret.txt'), status: 400 },
  { name: 'half an encoded dot-dot (.%2e)', request: get('/.%2e/secret.txt'), status: 400 },
  {
    name: 'dots and a space (Windows reads "... " as "..")',
    request: get('/...%20/secret.txt'),
    status: 400,
  },
  { name: 'an encoded slash (..%2f)', request: get('/..%2fsecret.txt'), status: 400 },
  { name: 'encoded slashes down a folder', request: get('/static/..%2F..%2Fsecret.txt'), status: 400 },
  { name: 'a backslash', request: get('/..\\secret.txt'), status: 400 },
  { name: 'an encoded backslash (%5c)', request: get('/..%5csecret.txt'), status: 400 },
  {
    name: 'encoded backslashes in capitals (%5C)',
    request: get('/static/..%5C..%5Csecret.txt'),
    status: 400,
  },
  {
    name: 'a double-encoded dot-dot and slash (%252e%252e%252f)',
    request: get('/%252e%252e%252fsecret.txt'),
    status: notFound,
  },
  { name: 'an encoded NUL (%00)', request: get('/secret.txt%00.html'), status: 400 },
  { name: 'an encoded NUL after a real file', request: get('/index.html%00'), status: 400 },
  { name: 'an encoded control character', request: get('/index%0a.html'), status: 400 },
  { name: 'bad percent-encoding (%zz)', request: get('/%zz'), status: 400 },
  { name: 'a lone percent sign', request: get('/index.html%'), status: 400 },
  { name: 'percent-encoding of no UTF-8 character', request: get('/%c0%ae%c0%ae/secret.txt'), status: 400 },
  { name: 'a fragment in the target', request: get('/index.html#/../../secret.txt'), status: 400 },
  { name: 'a protocol-relative target', request: get('//../secret.txt'), status: 400 },
  {
    name: 'an absolute-form target to another host',
    request: get('http://evil.example/secret.txt'),
    status: 400,
  },
  {
    name: 'an absolute-form target with dot-dots',
    request: get('http://127.0.0.1/../secret.txt'),
    status: 400,
  },
  { name: 'an asterisk target', request: get('*'), status: 400 },
  { name: 'an asterisk target with OPTIONS', request: get('*', 'OPTIONS'), status: 400 },
  { name: 'a 10 000-character URL', request: get(`/${'a'.repeat(10_000)}`), status: 414 },
  {
    name: 'a 100 000-character URL (over Node’s 16 KiB head)',
    request: get(`/${'a'.repeat(100_000)}`),
    status: 414,
  },
  { name: 'a long query string', request: get(`/index.html?${'q=1&'.repeat(2_500)}`), status: 414 },
  { name: 'PUT', request: get('/index.html', 'PUT'), status: 405 },
  { name: 'DELETE', request: get('/index.html', 'DELETE'), status: 405 },
  { name: 'PATCH', request: get('/index.html', 'PATCH'), status: 405 },
  { name: 'POST', request: get('/index.html', 'POST'), status: 405 },
  { name: 'TRACE', request: get('/../secret.txt', 'TRACE'), status: 400 },
  { name: 'TRACE on a fine path', request: get('/', 'TRACE'), status: 405 },
  { name: 'PROPFIND', request: get('/', 'PROPFIND'), status: 405 },
  {
    name: 'CONNECT',
    request: 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n',
    status: 405,
  },
  { name: 'a request line that is not one', request: 'GARBAGE\r\n\r\n', status: 400 },
  { name: 'a request line with a space in the target', request: get('/../ secret.txt'), status: 400 },
  { name: 'an unknown HTTP version', request: 'GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n', status: 400 },
  {
    name: 'a header name with a space',
    request: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n',
    status: 400,
  },
  { name: 'a header line without a colon', request: 'GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n', status: 400 },
  { name: 'HTTP/1.1 without Host', request: 'GET /../secret.txt HTTP/1.1\r\n\r\n', status: 400 },
  {
    name: 'two Host headers',
    request: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    status: 400,
  },
  {
    name: 'two Host headers naming the same host, for a file',
    request: 'GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nhost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    status: 400,
  },
  {
    name: 'two Host headers over HTTP/1.0',
    request: 'GET / HTTP/1.0\r\nHost: a.example\r\nHost: b.example\r\n\r\n',
    status: 400,
  },
  {
    name: 'a 20 000-byte header',
    request: `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    status: 431,
  },
  { name: 'a file link pointing out of the folder', request: get('/static/leak.txt'), status: notFound },
  { name: 'a folder link pointing out of the folder', request: get('/outside/secret.txt'), status: notFound },
  { name: 'a remote’s file link pointing out', request: get('/1.0.0/leak.json'), status: notFound },
];

/** A GET with further header lines, as a browser sends one to revalidate its copy. */
export const getWith = (target: string, headers: Record<string, string>) =>
  `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}Connection: close\r\n\r\n`;
