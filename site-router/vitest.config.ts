import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-router', environment: 'node', include: ['src/**/*.test.ts'] },
});
