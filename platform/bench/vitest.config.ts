import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-bench', environment: 'node', include: ['src/**/*.test.ts'] },
});
