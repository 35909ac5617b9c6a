import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-runner', environment: 'node', include: ['src/**/*.test.ts'] },
});
