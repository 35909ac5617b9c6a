import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mf-portfolio',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['build-config/testing/setup'],
  },
});
