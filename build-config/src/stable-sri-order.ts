/**
 * Rspack's SubresourceIntegrityPlugin (rsbuild's `security.sri`) writes, into each entry's runtime, a map from
 * chunk id to that chunk's SHA-384. It lists the chunks in the order it finds them by walking chunk groups held
 * in hash sets keyed by numbers Rspack hands out while it builds, and the browser, Node and runtime builds run
 * at once and draw from the same counter. So one build lists them in one order and the next in another: the
 * entry's bytes, its hashed name, the manifest and so the release version changed although nothing in the
 * source did. No option orders that map; this plugin sorts its entries by chunk id before the SRI plugin
 * replaces its placeholders with the hashes (the minifier keeps the order), so the same source gives the same
 * bytes.
 */
import type { RsbuildPlugin } from '@rsbuild/core';

/** `__webpack_require__.sriHashes = {...}` and the CSS maps the plugin writes the same way. */
const sriMap = /\.(?:sriHashes|sriCssHashes|sriExtractCssHashes)\s*=\s*\{([^{}]*)\}/g;
/** One `"chunk id": "placeholder"` entry; ids are JSON strings or bare numbers and names once minified. */
const sriEntry = /\s*("(?:[^"\\]|\\.)*"|[\w$]+)\s*:\s*("(?:[^"\\]|\\.)*")\s*(,|$)/y;

const keyOf = (raw: string) => (raw.startsWith('"') ? (JSON.parse(raw) as string) : raw);

/** The entries of one map's body sorted by chunk id, or null when the body is not a plain list of entries. */
function sortedBody(body: string): string | null {
  const entries: Array<{ key: string; text: string }> = [];
  sriEntry.lastIndex = 0;
  while (sriEntry.lastIndex < body.length) {
    const match = sriEntry.exec(body);
    if (!match) return body.trim() === '' ? '' : null;
    const [, key = '', value = '', comma] = match;
    entries.push({ key: keyOf(key), text: `${key}:${value}` });
    if (comma === '') break;
  }
  if (sriEntry.lastIndex < body.length) return null;
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return entries.map((entry) => entry.text).join(',');
}

/** Every SRI map in `code` with its entries sorted by chunk id; other code is left as it is. */
export function sortSriMaps(code: string): { code: string; changes: Array<[number, number, string]> } {
  const changes: Array<[number, number, string]> = [];
  for (const match of code.matchAll(sriMap)) {
    const body = match[1] ?? '';
    const sorted = sortedBody(body);
    if (sorted === null || sorted === body) continue;
    const start = (match.index ?? 0) + match[0].length - body.length - 1;
    changes.push([start, start + body.length, sorted]);
  }
  let result = code;
  for (const [start, end, text] of [...changes].reverse()) {
    result = result.slice(0, start) + text + result.slice(end);
  }
  return { code: result, changes };
}

/** Sorts the SRI maps of every script before the SRI plugin fills them in (see above). */
export function pluginStableSriOrder(): RsbuildPlugin {
  return {
    name: 'agency:stable-sri-order',
    setup(api) {
      // 'optimize-size' runs the minifier; the SRI plugin runs just before 'optimize-inline'.
      api.processAssets({ stage: 'dev-tooling' }, ({ compilation, sources }) => {
        for (const asset of compilation.getAssets()) {
          if (!asset.name.endsWith('.js')) continue;
          const code = asset.source.source().toString();
          if (!code.includes('sri')) continue;
          const { changes } = sortSriMaps(code);
          if (changes.length === 0) continue;
          const replaced = new sources.ReplaceSource(asset.source);
          // ReplaceSource takes inclusive end positions.
          for (const [start, end, text] of changes) replaced.replace(start, end - 1, text);
          compilation.updateAsset(asset.name, replaced);
        }
      });
    },
  };
}
