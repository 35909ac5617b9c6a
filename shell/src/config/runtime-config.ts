import { parseRuntimeConfig, type RuntimeConfig } from 'shared-content/site';
import { fetchConfigFile, onceUntilFailure } from './fetch-config.ts';

/** runtime.json: the API URL and EmailJS settings of this environment (see shared-content/site/runtime-config). */
export const loadRuntimeConfig: () => Promise<RuntimeConfig> = onceUntilFailure(async () =>
  parseRuntimeConfig(await fetchConfigFile('/runtime.json')),
);
