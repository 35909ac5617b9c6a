import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'releases', environment: 'node', include: ['src/**/*.test.ts'] },
});
