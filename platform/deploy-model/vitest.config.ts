import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'deploy-model', environment: 'node', include: ['src/**/*.test.ts'] },
});
