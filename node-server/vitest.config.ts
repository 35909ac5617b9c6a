import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'site-node-server', environment: 'node', include: ['src/**/*.test.ts'] },
});
