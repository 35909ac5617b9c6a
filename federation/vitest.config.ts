import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'federation',
    include: ['src/**/*.test.ts'],
  },
});
