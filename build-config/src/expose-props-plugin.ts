/**
 * Records in the browser build's mf-manifest.json the props each expose is rendered with (`metaData.exposeProps`,
 * from the remote's src/exposes.ts), so a check of the build alone renders every expose as its remote declared
 * it: the release gates (platform/releases/src/release-gates/) read it from the uploaded build, which may come from
 * another checkout than the host's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { declaredPropSets, type ExposeDeclaration } from './contract.ts';

export const exposePropsKey = 'exposeProps';

/** Whether JSON holds the value as it is: strings, finite numbers, booleans, null, arrays and plain objects of them. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isPlainJson);
}

export function pluginExposeProps(
  exposes: Record<string, Pick<ExposeDeclaration, 'file' | 'props'>>,
): RsbuildPlugin {
  const record = declaredPropSets(exposes);
  // Recorded as JSON: a prop JSON would drop or change (a function, a date, NaN) could not be rendered from the build.
  if (!isPlainJson(record)) {
    throw new Error(
      'src/exposes.ts: declared props must be plain JSON (strings, numbers, booleans, arrays, objects)',
    );
  }
  const written = JSON.stringify(record);
  return {
    name: 'agency:expose-props',
    setup(api) {
      api.onAfterBuild(() => {
        const file = join(api.context.distPath, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as { metaData: Record<string, unknown> };
        manifest.metaData[exposePropsKey] = JSON.parse(written);
        writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      });
    },
  };
}
