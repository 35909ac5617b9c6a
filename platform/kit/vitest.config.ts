import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'platform-kit', environment: 'node', include: ['src/**/*.test.ts'] },
});
