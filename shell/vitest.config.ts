import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shell',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['build-config/testing/setup'],
    // A file's first test also pays for importing React, emotion and jsdom: seconds on a busy CI machine.
    testTimeout: 15_000,
  },
});
