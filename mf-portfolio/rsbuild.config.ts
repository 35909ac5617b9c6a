import { mergeRsbuildConfig } from '@rsbuild/core';
import { buildSettings, defineRemoteConfig } from 'build-config';
import { exposes } from './src/exposes.ts';

export default mergeRsbuildConfig(
  defineRemoteConfig({
    name: 'mf_portfolio',
    appDir: import.meta.dirname,
    exposes,
    settings: buildSettings(process.env),
  }),
  {
    // Project screenshots stay files (never inlined as data URIs): the bundle stays small and the browser
    // loads each image lazily from this remote's origin.
    output: { dataUriLimit: { svg: 0 } },
  },
);
