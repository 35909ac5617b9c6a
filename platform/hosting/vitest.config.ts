import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-hosting', environment: 'node', include: ['src/**/*.test.ts'] },
});
