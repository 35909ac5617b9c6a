import { mergeRsbuildConfig } from '@rsbuild/core';
import { buildSettings, defineRemoteConfig } from 'build-config';
import { exposes } from './src/exposes.ts';

export default mergeRsbuildConfig(
  defineRemoteConfig({
    name: 'mf_marketing',
    appDir: import.meta.dirname,
    exposes,
    settings: buildSettings(process.env),
  }),
  {
    // Avatars and logos stay files (never inlined as data URIs): inlined, they were 1.3 kB of the home page's
    // document over the wire (the carousel repeats each logo four times), which delays its first paint; as files
    // each loads once, lazily, from this remote's origin.
    output: { dataUriLimit: { svg: 0 } },
  },
);
