import { defineProject } from 'vitest/config';

// The integration tests start real processes (the API, an SMTP server); each waits for bounded times.
export default defineProject({
  test: {
    name: 'enquiry-api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
