import { describe, expect, it } from 'vitest';
import { pagePaths } from './page-paths.ts';
import { routes } from './routes.ts';

describe('pagePaths', () => {
  it('names the canonical path of a route of the same id, so no link leads to a missing page', () => {
    for (const [id, path] of Object.entries(pagePaths)) {
      expect(routes[id as keyof typeof routes]?.path, id).toBe(path);
    }
  });
});
