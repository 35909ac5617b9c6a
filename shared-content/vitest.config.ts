import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'shared-content', environment: 'node', include: ['src/**/*.test.ts'] },
});
