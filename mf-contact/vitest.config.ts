import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mf-contact',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['build-config/testing/setup'],
    // Form tests type into jsdom; on a busy 2-core CI machine they can take longer than the 5 s default.
    testTimeout: 15_000,
  },
});
