import { defineConfig } from 'vitest/config';

// Each package owns its unit tests and config; this runs them all in one process.
export default defineConfig({
  test: {
    projects: [
      'shared-content',
      'build-config',
      'federation',
      'site-router',
      'node-server',
      'shell',
      'mf-marketing',
      'mf-portfolio',
      'mf-contact',
      'enquiry-api',
      'platform/kit',
      'platform/deploy-model',
      'platform/deploy-folder',
      'platform/release-client',
      'platform/pages',
      'platform/hosting',
      'platform/releases',
      'platform/environments',
      'platform/release-service',
      'platform/bench',
      'platform/dev-tools',
      'platform/cli',
    ],
  },
});
