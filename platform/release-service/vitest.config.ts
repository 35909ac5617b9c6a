import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'release-service', environment: 'node', include: ['src/**/*.test.ts'] },
});
