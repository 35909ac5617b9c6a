import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-environments', environment: 'node', include: ['src/**/*.test.ts'] },
});
