import { defineRemoteConfig } from 'build-config';
import { exposeNames } from './src/contract.ts';

export default defineRemoteConfig({
  name: 'mf_marketing',
  appDir: import.meta.dirname,
  exposes: exposeNames,
});
