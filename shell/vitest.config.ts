import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shell',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['build-config/testing/setup'],
  },
});
