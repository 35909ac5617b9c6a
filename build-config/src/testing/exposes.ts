import { join } from 'node:path';
import { expect, it } from 'vitest';
import { type ExposeDeclaration, isComponent } from '../contract.ts';

/**
 * The checks every remote runs on its src/exposes.ts: each declaration's import loads the very file Module
 * Federation exposes, and that module exports a component under the expose's name (what the shell renders).
 */
export function itDeclaresEachExposeOnce(exposes: Record<string, ExposeDeclaration>, srcDir: string) {
  it.each(Object.entries(exposes))(
    '%s: its import loads the exposed file, which exports a component of that name',
    async (name, { file, load }) => {
      const loaded = (await load()) as Record<string, unknown>;
      expect(loaded).toBe(await import(/* @vite-ignore */ join(srcDir, file)));
      expect(isComponent(loaded[name])).toBe(true);
    },
  );
}
