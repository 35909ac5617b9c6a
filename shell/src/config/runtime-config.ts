import { parseRuntimeConfig, type RuntimeConfig } from 'shared-content/site';
import { fetchConfigFile, onceUntilFailure } from './fetch-config.ts';

let loaded: RuntimeConfig | undefined;

/** runtime.json: the API URL and EmailJS settings of this environment (see shared-content/site/runtime-config). */
export const loadRuntimeConfig: () => Promise<RuntimeConfig> = onceUntilFailure(async () => {
  loaded = parseRuntimeConfig(await fetchConfigFile('/runtime.json'));
  return loaded;
});

/** runtime.json once it has loaded, for a render that must not wait (a prerendered or hydrating page). */
export const loadedRuntimeConfig = (): RuntimeConfig | undefined => loaded;
