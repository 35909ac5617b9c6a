import { join } from 'node:path';
import { createRsbuild } from '@rsbuild/core';
import { describe, expect, it } from 'vitest';
import { runtimeEnvironmentName } from './external-runtime.ts';
import { buildSettings, defineRemoteConfig } from './remote-config.ts';

const appDir = join(import.meta.dirname, '../../mf-contact');

/** The rspack configurations rsbuild makes from a remote's config, one per environment, as a build would run them. */
async function compilerConfigs() {
  const rsbuild = await createRsbuild({
    cwd: appDir,
    rsbuildConfig: defineRemoteConfig({
      name: 'mf_contact',
      appDir,
      exposes: {},
      settings: buildSettings({}),
    }),
  });
  const { origin } = await rsbuild.inspectConfig();
  return origin.bundlerConfigs;
}

describe('a remote build', () => {
  it('writes the standalone page only after the runtime script it hashes exists', async () => {
    const configs = await compilerConfigs();
    const runtime = configs.find((config) => config.name === runtimeEnvironmentName);
    const web = configs.find((config) => config.name === 'web');
    expect(runtime?.entry).toBeDefined();
    expect(web?.dependencies).toContain(runtimeEnvironmentName);
  });

  it('builds the Node copy without waiting for the browser builds', async () => {
    const node = (await compilerConfigs()).find((config) => config.name === 'node');
    expect(node?.dependencies ?? []).toEqual([]);
  });
});
