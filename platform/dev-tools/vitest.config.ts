import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'dev-tools', environment: 'node', include: ['src/**/*.test.ts'] },
});
