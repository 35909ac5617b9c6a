import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-pages', environment: 'node', include: ['src/**/*.test.ts'] },
});
