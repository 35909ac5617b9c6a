import { defineProject } from 'vitest/config';

// The integration tests start real processes (the API, an SMTP server); each waits for bounded times, generous
// enough for a loaded 2-core CI machine running the other projects' tests at the same time.
export default defineProject({
  test: {
    name: 'enquiry-api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
