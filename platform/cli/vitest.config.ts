import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-cli', environment: 'node', include: ['src/**/*.test.ts'] },
});
