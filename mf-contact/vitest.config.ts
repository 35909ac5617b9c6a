import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mf-contact',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../shared-content/src/testing/setup.ts'],
  },
});
