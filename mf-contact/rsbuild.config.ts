import { defineRemoteConfig } from 'build-config';
import { exposeNames } from './src/contract.ts';

export default defineRemoteConfig({ name: 'mf_contact', appDir: import.meta.dirname, exposes: exposeNames });
