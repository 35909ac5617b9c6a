/**
 * The few built-ins njs 0.7 lacks that the page module's code uses (Set, Map, Object.fromEntries,
 * Array.prototype.flatMap, String.prototype.replaceAll, URL for http(s) URLs), written by hand and kept small
 * on purpose: njs 0.7 runs a module's top-level code again for every request, and core-js's versions (what
 * the preview module still gets, bundle.ts) cost a page about 4 ms there, nginx's whole budget. Each is
 * installed only where missing (Node's own are never replaced) and covers only what the bundled code calls.
 */
/* biome-ignore-all lint/suspicious/noExplicitAny: these stand in for untyped built-ins */
const global = globalThis as any;

/** An iterator over a snapshot of values, as tsc's lowered spread and for-of read one. */
function iteratorOf<T>(values: T[]) {
  let index = 0;
  return {
    next: () =>
      index < values.length ? { value: values[index++], done: false } : { value: undefined, done: true },
  };
}

/** An array of what an iterable (an array, or anything with Symbol.iterator) yields. */
function arrayOf(iterable: any): any[] {
  if (iterable == null) return [];
  if (Array.isArray(iterable)) return iterable.slice();
  const values: any[] = [];
  const iterator = iterable[Symbol.iterator]();
  for (let step = iterator.next(); !step.done; step = iterator.next()) values.push(step.value);
  return values;
}

function installCollections() {
  function SmallSet(this: any, values?: any) {
    this.items = [];
    for (const value of arrayOf(values)) this.add(value);
  }
  SmallSet.prototype.add = function (value: any) {
    if (this.items.indexOf(value) < 0) this.items.push(value);
    return this;
  };
  SmallSet.prototype.has = function (value: any) {
    return this.items.indexOf(value) >= 0;
  };
  SmallSet.prototype.values = function () {
    return iteratorOf(this.items.slice());
  };
  SmallSet.prototype[Symbol.iterator] = SmallSet.prototype.values;
  Object.defineProperty(SmallSet.prototype, 'size', {
    get() {
      return this.items.length;
    },
  });

  function SmallMap(this: any, entries?: any) {
    this.keys = [];
    this.vals = [];
    for (const entry of arrayOf(entries)) this.set(entry[0], entry[1]);
  }
  SmallMap.prototype.set = function (key: any, value: any) {
    const index = this.keys.indexOf(key);
    if (index < 0) {
      this.keys.push(key);
      this.vals.push(value);
    } else this.vals[index] = value;
    return this;
  };
  SmallMap.prototype.get = function (key: any) {
    const index = this.keys.indexOf(key);
    return index < 0 ? undefined : this.vals[index];
  };
  SmallMap.prototype.has = function (key: any) {
    return this.keys.indexOf(key) >= 0;
  };
  SmallMap.prototype[Symbol.iterator] = function () {
    return iteratorOf(this.keys.map((key: any, index: number) => [key, this.vals[index]]));
  };

  if (typeof global.Set === 'undefined') global.Set = SmallSet;
  if (typeof global.Map === 'undefined') global.Map = SmallMap;
}

function installMethods() {
  if (typeof Object.fromEntries !== 'function')
    (Object as any).fromEntries = (entries: any) => {
      const object: any = {};
      for (const entry of arrayOf(entries)) object[entry[0]] = entry[1];
      return object;
    };
  if (typeof Array.prototype.flatMap !== 'function')
    (Array.prototype as any).flatMap = function (this: any[], map: (value: any, index: number) => any) {
      const out: any[] = [];
      this.forEach((value, index) => {
        const mapped = map(value, index);
        if (Array.isArray(mapped)) out.push(...mapped);
        else out.push(mapped);
      });
      return out;
    };
  if (typeof String.prototype.replaceAll !== 'function')
    (String.prototype as any).replaceAll = function (this: string, search: string, replacement: string) {
      return this.split(search).join(replacement);
    };
}

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

// Module constants: njs compiles a regular expression literal again each time a function evaluates it.
const urlPattern =
  /^([A-Za-z][A-Za-z0-9+.-]*:)\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::(\d*))?(\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*)?(?:\?[^#\s\\]*)?(?:#[^\s\\]*)?$/;
const numericLabel = /^(0x[0-9a-f]*|\d+)$/;
const canonicalIpv4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const dotSegment = /(^|\/)\.\.?(\/|$)/;
const strayPercent = /%(?![0-9A-Fa-f]{2})/;

/**
 * An http(s) URL, split as the WHATWG parser splits one already in its canonical form (what the deploy's
 * files hold: origins and API URLs the tools wrote). Anything the parser would rewrite (backslashes,
 * whitespace, dot segments, characters it would percent-encode, IPv4 in other notations) is refused with a
 * TypeError, as an invalid URL: the policy then leaves it out, where Node's parser might have kept it.
 */
function SmallUrl(this: any, input: string) {
  const match = urlPattern.exec(String(input));
  const protocol = match?.[1]?.toLowerCase();
  if (!match || !protocol || defaultPorts[protocol] === undefined)
    throw new TypeError(`Invalid URL: ${input}`);
  const hostname = (match[4] as string).toLowerCase();
  const path = match[6] ?? '/';
  const numeric = numericLabel.test(hostname.split('.').pop() ?? '');
  if ((numeric && !canonicalIpv4.test(hostname)) || dotSegment.test(path) || strayPercent.test(path))
    throw new TypeError(`Invalid URL: ${input}`);
  const portText = match[5] ?? '';
  const portNumber = portText === '' ? undefined : Number(portText);
  if (portNumber !== undefined && portNumber > 65535) throw new TypeError(`Invalid URL: ${input}`);
  const port =
    portNumber === undefined || String(portNumber) === defaultPorts[protocol] ? '' : String(portNumber);
  this.protocol = protocol;
  this.username = match[2] ?? '';
  this.password = match[3] ?? '';
  this.hostname = hostname;
  this.port = port;
  this.host = port ? `${hostname}:${port}` : hostname;
  this.origin = `${protocol}//${this.host}`;
  this.pathname = path;
}

export function installBuiltins(): void {
  installCollections();
  installMethods();
  if (typeof global.URL === 'undefined') global.URL = SmallUrl;
}

/** For the tests: the URL stand-in, whatever the platform has. */
export const smallUrl = (input: string) => new (SmallUrl as any)(input) as URL;

installBuiltins();
