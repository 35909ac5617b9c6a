import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'deploy-folder', environment: 'node', include: ['src/**/*.test.ts'] },
});
