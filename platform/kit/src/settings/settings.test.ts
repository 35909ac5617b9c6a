import { describe, expect, it } from 'vitest';
import { forgetReleaseService, loadReleaseClientSettings } from './release-client.ts';
import { loadReleaseServiceSettings } from './release-service.ts';
import { loadSiteSettings, stagingEnvironment, stagingSetting } from './site.ts';
import { loadToolSettings } from './tools.ts';

describe('the composed site settings', () => {
  it('run the site locally when nothing is set', () => {
    expect(loadSiteSettings({})).toEqual({
      portBase: 3000,
      deployDir: 'deploy',
      host: undefined,
      trustProxy: 0,
      trustProxyFrom: [],
      siteUrl: undefined,
      remotesOrigin: undefined,
      staging: false,
      enquiryDataDir: '.data/enquiry-api',
      enquiryHost: '127.0.0.1',
      smtpHost: undefined,
    });
  });

  it('read what an operator sets', () => {
    const settings = loadSiteSettings({
      AGENCY_HOST: ' 0.0.0.0 ',
      AGENCY_TRUST_PROXY: 'yes',
      AGENCY_TRUST_PROXY_FROM: '203.0.113.0/24, 2001:db8::/32',
      AGENCY_SITE_URL: 'https://staging.example.com/',
      AGENCY_REMOTES_ORIGIN: 'https://cdn.example.com',
    });
    expect(settings).toMatchObject({
      host: '0.0.0.0',
      trustProxy: 1,
      trustProxyFrom: ['203.0.113.0/24', '2001:db8::/32'],
      siteUrl: 'https://staging.example.com',
      remotesOrigin: 'https://cdn.example.com',
    });
  });

  it.each([
    ['AGENCY_PORT_BASE', '80', 'AGENCY_PORT_BASE must be an integer between 1024 and 65000, got "80"'],
    [
      'AGENCY_TRUST_PROXY',
      'maybe',
      'AGENCY_TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the site (1 to 10), got "maybe"',
    ],
    [
      'AGENCY_TRUST_PROXY_FROM',
      '203.0.113.0/24,cdn.example',
      'AGENCY_TRUST_PROXY_FROM takes addresses or CIDR ranges separated by commas (203.0.113.0/24,2001:db8::/32), got "cdn.example"',
    ],
    [
      'AGENCY_SITE_URL',
      'https://www.example.com/shop',
      'AGENCY_SITE_URL must be an http(s) origin without a path, such as https://www.example.com, got "https://www.example.com/shop"',
    ],
    [
      'AGENCY_REMOTES_ORIGIN',
      'ftp://cdn.example.com',
      'AGENCY_REMOTES_ORIGIN must be an http(s) URL such as https://cdn.example.com, got "ftp://cdn.example.com"',
    ],
    ['AGENCY_STAGING', 'yes', 'AGENCY_STAGING must be on or off, got "yes"'],
  ])('refuse a bad %s at once, naming it', (name, value, message) => {
    expect(() => loadSiteSettings({ [name]: value })).toThrow(message);
  });

  it('turn staging on only when asked, and give it its own ports and no CDN origin', () => {
    expect(stagingSetting({})).toBe(false);
    expect(stagingSetting({ AGENCY_STAGING: 'off' })).toBe(false);
    expect(stagingSetting({ AGENCY_STAGING: ' on ' })).toBe(true);
    const production = {
      AGENCY_PORT_BASE: '4700',
      AGENCY_REMOTES_ORIGIN: 'https://cdn.example.com',
      AGENCY_DEPLOY_DIR: 'deploy',
    };
    expect(stagingEnvironment(production)).toEqual({ AGENCY_PORT_BASE: '4730', AGENCY_DEPLOY_DIR: 'deploy' });
    expect(stagingEnvironment({}).AGENCY_PORT_BASE).toBe('3030');
    expect(production.AGENCY_PORT_BASE).toBe('4700');
  });

  it('give staging its own origin where production names a public one (its preview links open there)', () => {
    const production = { AGENCY_PORT_BASE: '4700', AGENCY_SITE_URL: 'https://www.example.com' };
    const staging = stagingEnvironment(production);
    expect(staging).toEqual({ AGENCY_PORT_BASE: '4730' });
    expect(loadSiteSettings(staging).siteUrl).toBeUndefined();
  });
});

describe('the release service settings', () => {
  it('listen beside the site and read the local API when nothing is set', () => {
    expect(loadReleaseServiceSettings({ AGENCY_PORT_BASE: '4700' })).toEqual({
      deployDir: 'deploy',
      address: { host: '127.0.0.1', port: 4711 },
      uploadMegabytes: 50,
      gatesOff: false,
      syntheticOff: false,
      previewHours: undefined,
      chromePath: undefined,
      health: { url: 'http://localhost:4710' },
      healthRetentionDays: 30,
    });
  });

  it.each([
    [
      'AGENCY_RELEASE_PORT',
      '70000',
      'AGENCY_RELEASE_PORT must be a port number from 1 to 65535, got "70000"',
    ],
    [
      'AGENCY_RELEASE_MAX_UPLOAD_MB',
      'lots',
      'AGENCY_RELEASE_MAX_UPLOAD_MB must be a number of megabytes above 0, got "lots"',
    ],
  ])('refuse a bad %s at once, naming it', (name, value, message) => {
    expect(() => loadReleaseServiceSettings({ [name]: value })).toThrow(message);
  });
});

describe('the client and tool settings', () => {
  it('read the service, the key, the operator folder, pnpm and CI', () => {
    expect(
      loadReleaseClientSettings({
        AGENCY_RELEASE_URL: ' https://releases.example.com ',
        AGENCY_RELEASE_KEY: 'k',
        INIT_CWD: '/srv/site',
      }),
    ).toEqual({
      releaseUrl: 'https://releases.example.com',
      releaseKey: 'k',
      deployDir: 'deploy',
      portBase: 3000,
      operatorFolder: '/srv/site',
    });
    expect(loadToolSettings({ AGENCY_PNPM: 'npx -y pnpm@10.34.9', CI: 'true' })).toEqual({
      pnpm: ['npx', '-y', 'pnpm@10.34.9'],
      chromePath: undefined,
      ci: true,
    });
  });
});

describe("a test suite run in a team's CI job", () => {
  it('forgets the release service the job names, and keeps the rest', () => {
    const env: Record<string, string | undefined> = {
      AGENCY_RELEASE_URL: 'https://release.example.com',
      AGENCY_RELEASE_KEY: 'agrk_secret',
      AGENCY_RELEASE_COMMIT: 'abc1234',
      AGENCY_PORT_BASE: '4100',
    };
    expect(forgetReleaseService(env)).toEqual(['AGENCY_RELEASE_URL', 'AGENCY_RELEASE_KEY']);
    expect(env).toEqual({ AGENCY_RELEASE_COMMIT: 'abc1234', AGENCY_PORT_BASE: '4100' });
    expect(loadReleaseClientSettings(env)).toMatchObject({ releaseUrl: undefined, releaseKey: undefined });
    expect(forgetReleaseService(env)).toEqual([]);
  });
});
