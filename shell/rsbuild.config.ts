import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { localRuntimeConfig } from 'shared-content/site';
import { devRemoteMap, enquiryApi, federationShared, originOf, portOf, shell } from 'shared-content/topology';

/** In development the shell serves the remote map and run-time config computed from the topology. */
const devFiles: Record<string, () => unknown> = {
  '/remotes.json': () => devRemoteMap(),
  '/runtime.json': () => localRuntimeConfig(originOf(enquiryApi)),
};

export default defineConfig({
  plugins: [
    pluginReact(),
    pluginModuleFederation({
      name: 'shell',
      // No remotes at build time: they are registered at run time from remotes.json.
      remotes: {},
      shared: federationShared(import.meta.dirname),
      // One unreachable remote must not fail the shell's start (the default loads every remote entry first).
      shareStrategy: 'loaded-first',
      dts: false,
    }),
  ],
  source: { entry: { index: './src/index.ts' } },
  html: { template: './index.html' },
  server: {
    port: portOf(shell),
    strictPort: true,
    setup: ({ server }) => {
      server.middlewares.use((req, res, next) => {
        const file = req.url ? devFiles[req.url.split('?')[0] ?? ''] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(file()));
      });
    },
  },
});
