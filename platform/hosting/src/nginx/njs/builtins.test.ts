/**
 * The page module's hand-written URL (njs/builtins.ts) against Node's WHATWG parser: the same parts for every
 * URL a deploy's files hold, and a refusal (never a different answer) for what it does not parse exactly.
 */
import { describe, expect, it } from 'vitest';
import { smallUrl } from './builtins.ts';

const parts = (url: URL) => ({
  protocol: url.protocol,
  username: url.username,
  password: url.password,
  hostname: url.hostname,
  port: url.port,
  host: url.host,
  origin: url.origin,
  pathname: url.pathname,
});

describe('the njs page module’s URL', () => {
  it.each([
    'http://localhost:4101',
    'http://localhost:4101/',
    'https://cdn.example.com/mf-marketing/1.0.0/mf-manifest.json',
    'HTTPS://CDN.Example.COM:443/a/b?x=1#y',
    'http://127.0.0.1:80/api/enquiries',
    'http://[::1]:4105/beacon',
    'https://api.emailjs.com',
    'http://user:secret@localhost:5173',
    'https://example.com:08443/a%20b;c,d',
    'http://example.com:/x',
  ])('splits %s as Node does', (input) => {
    expect(parts(smallUrl(input))).toEqual(parts(new URL(input)));
  });

  it.each([
    'ftp://example.com/file',
    'http:/example.com',
    'http://example.com/a/../b',
    'http://example.com\\a',
    'http://0x7f.1/',
    'http://example.com/a b',
    'http://example.com:99999/',
    'mailto:someone@example.com',
    '/relative/path',
  ])('refuses %s, which it cannot split exactly as Node', (input) => {
    expect(() => smallUrl(input)).toThrow(TypeError);
  });
});
