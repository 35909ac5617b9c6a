import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { loadBenchSettings, loadHostsBenchSettings } from './settings.ts';

describe("the bench's settings", () => {
  it('give the bench folders of its own per port base, and parse its site from that environment', () => {
    const settings = loadBenchSettings({ AGENCY_PORT_BASE: '4100', PATH: '/usr/bin' });
    expect(settings.childEnv).toMatchObject({
      PATH: '/usr/bin',
      AGENCY_DEPLOY_DIR: '.data/bench-deploy-4100',
      ENQUIRY_DATA_DIR: '.data/bench-enquiry-api-4100',
      ENQUIRY_LOG_LEVEL: 'warn',
      ENQUIRY_ALLOWED_ORIGINS: 'http://localhost:4100,http://localhost:4300',
    });
    expect(settings).toMatchObject({
      deploy: join(repoRoot, '.data/bench-deploy-4100'),
      oneBundleDeploy: join(repoRoot, '.data/bench-one-bundle-4100'),
      oneBundlePort: 4300,
    });
    expect(settings.site).toMatchObject({ portBase: 4100, deployDir: '.data/bench-deploy-4100' });
    expect(settings.hosts.portBase).toBe(4100);
    expect(loadBenchSettings({}).deploy).toBe(join(repoRoot, '.data/bench-deploy'));
  });

  it('keep the folders and origins an operator sets, and refuse a bad value naming it', () => {
    const settings = loadBenchSettings({
      AGENCY_DEPLOY_DIR: '.data/my-bench',
      ENQUIRY_ALLOWED_ORIGINS: 'https://example.com',
    });
    expect(settings.deploy).toBe(join(repoRoot, '.data/my-bench'));
    expect(settings.childEnv.ENQUIRY_ALLOWED_ORIGINS).toBe('https://example.com');
    // An absolute folder is the operator's as given, as npm start takes it (it was once joined onto the root).
    expect(loadBenchSettings({ AGENCY_DEPLOY_DIR: '/srv/agency-bench' }).deploy).toBe('/srv/agency-bench');
    expect(() => loadBenchSettings({ AGENCY_TRUST_PROXY: 'maybe' })).toThrow(/^AGENCY_TRUST_PROXY must be/);
  });

  it("give pnpm bench:hosts a deploy folder of its own, named in its children's environment", () => {
    const settings = loadHostsBenchSettings({ AGENCY_PORT_BASE: '4100' });
    const deploy = join(repoRoot, '.data/bench-hosts-deploy-4100');
    expect(settings.deploy).toBe(deploy);
    expect(settings.childEnv.AGENCY_DEPLOY_DIR).toBe(deploy);
    expect(settings.hosts.portBase).toBe(4100);
    expect(settings.nginx.portBase).toBe(4100);
  });
});
