import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'build-config',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'testing/**/*.test.{ts,tsx}'],
  },
});
