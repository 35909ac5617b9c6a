import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'release-client', environment: 'node', include: ['src/**/*.test.ts'] },
});
