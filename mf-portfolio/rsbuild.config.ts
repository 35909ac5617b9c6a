import { defineRemoteConfig } from 'shared-content/build';
import { exposeNames } from './src/contract.ts';

export default defineRemoteConfig({
  name: 'mf_portfolio',
  appDir: import.meta.dirname,
  exposes: exposeNames,
});
