import { describe, expect, it } from 'vitest';
import { sortSriMaps } from './stable-sri-order.ts';

const placeholder = (id: string) => `"*-*-*-CHUNK-SRI-HASH-${id.replace(/\W/g, '')}AbC+/="`;

describe('sortSriMaps', () => {
  it('writes the SRI map of a minified entry in chunk-id order, whatever order the build listed it in', () => {
    // Chunk ids as the minifier leaves them: bare where it can, quoted where it must.
    const listed = ['z', '71', '"7f"', '5', '"lib-router"', '__federation_expose_X'];
    const entry = (ids: string[]) =>
      `(()=>{r.sriHashes={${ids.map((id) => `${id}:${placeholder(id)}`).join(',')}},r.p="auto"})();`;
    const once = sortSriMaps(entry(listed)).code;
    const again = sortSriMaps(entry([...listed].reverse())).code;
    expect(again).toBe(once);
    expect(once).toBe(
      `(()=>{r.sriHashes={5:${placeholder('5')},71:${placeholder('71')},"7f":${placeholder('7f')},` +
        `__federation_expose_X:${placeholder('__federation_expose_X')},"lib-router":${placeholder('lib-router')},` +
        `z:${placeholder('z')}},r.p="auto"})();`,
    );
  });

  it('sorts the unminified form and each CSS map on its own', () => {
    const code =
      `__webpack_require__.sriHashes = {"b": ${placeholder('b')},"a": ${placeholder('a')}};\n` +
      `__webpack_require__.sriCssHashes = {"d": ${placeholder('d')},"c": ${placeholder('c')}};`;
    expect(sortSriMaps(code).code).toBe(
      `__webpack_require__.sriHashes = {"a":${placeholder('a')},"b":${placeholder('b')}};\n` +
        `__webpack_require__.sriCssHashes = {"c":${placeholder('c')},"d":${placeholder('d')}};`,
    );
  });

  it('leaves code alone that has no map, a sorted one, or a map that is not a plain list of entries', () => {
    for (const code of [
      'console.log("sri")',
      `r.sriHashes={a:${placeholder('a')},b:${placeholder('b')}}`,
      'r.sriHashes={b:x(),a:"y"}',
      'r.sriHashes={}',
    ]) {
      expect(sortSriMaps(code)).toEqual({ code, changes: [] });
    }
  });
});
