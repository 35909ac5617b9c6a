import { buildSettings, defineRemoteConfig } from 'build-config';
import { exposes } from './src/exposes.ts';

export default defineRemoteConfig({
  name: 'mf_contact',
  appDir: import.meta.dirname,
  exposes,
  settings: buildSettings(process.env),
});
