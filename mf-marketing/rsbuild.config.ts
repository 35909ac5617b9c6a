import { defineRemoteConfig } from 'build-config';
import { exposes } from './src/exposes.ts';

export default defineRemoteConfig({
  name: 'mf_marketing',
  appDir: import.meta.dirname,
  exposes,
});
