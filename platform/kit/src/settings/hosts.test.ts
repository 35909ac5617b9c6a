import { describe, expect, it } from 'vitest';
import { hostSettings, nginxSettings, serviceAddresses, stagingHostSide } from './hosts.ts';
import { loadSiteSettings } from './site.ts';

describe("the static hosts' settings", () => {
  it('serve on loopback at the default ports when nothing is set', () => {
    expect(hostSettings({})).toEqual({
      portBase: 3000,
      host: undefined,
      trustProxy: 0,
      staging: false,
      releaseService: { host: '127.0.0.1', port: 3011 },
    });
    expect(nginxSettings({})).toEqual({ portBase: 3000, host: undefined, trustProxy: 0, trustProxyFrom: [] });
    expect(serviceAddresses({})).toEqual({
      portBase: 3000,
      enquiryHost: '127.0.0.1',
      releaseService: { host: '127.0.0.1', port: 3011 },
    });
  });

  it('read what the composed site reads, by the same rules', () => {
    const env = {
      AGENCY_PORT_BASE: '4000',
      AGENCY_HOST: ' 0.0.0.0 ',
      AGENCY_TRUST_PROXY: '2',
      AGENCY_TRUST_PROXY_FROM: '203.0.113.0/24',
      AGENCY_STAGING: 'on',
    };
    const site = loadSiteSettings(env);
    const { portBase, host, trustProxy, staging, trustProxyFrom } = site;
    expect(hostSettings(env)).toMatchObject({ portBase, host, trustProxy, staging });
    expect(nginxSettings(env)).toEqual({ portBase, host, trustProxy, trustProxyFrom });
    expect(
      serviceAddresses({ ENQUIRY_HOST: '::', AGENCY_RELEASE_HOST: '0.0.0.0', AGENCY_RELEASE_PORT: '9000' }),
    ).toEqual({ portBase: 3000, enquiryHost: '::', releaseService: { host: '0.0.0.0', port: 9000 } });
  });

  it('refuse a bad value with the message of its variable', () => {
    expect(() => hostSettings({ AGENCY_TRUST_PROXY: 'maybe' })).toThrow(/^AGENCY_TRUST_PROXY must be/);
    expect(() => hostSettings({ AGENCY_STAGING: 'yes' })).toThrow(
      'AGENCY_STAGING must be on or off, got "yes"',
    );
    expect(() => hostSettings({ AGENCY_RELEASE_PORT: '0' })).toThrow(/^AGENCY_RELEASE_PORT must be/);
    expect(() => nginxSettings({ AGENCY_TRUST_PROXY_FROM: 'nowhere' })).toThrow(
      /^AGENCY_TRUST_PROXY_FROM takes/,
    );
    expect(() => nginxSettings({ AGENCY_PORT_BASE: '80' })).toThrow(/^AGENCY_PORT_BASE must be/);
  });

  it('read no variable they are not asked for', () => {
    // nginx-config's --trust-proxy-from stands for AGENCY_TRUST_PROXY_FROM, which is then not read.
    expect(
      nginxSettings({ AGENCY_TRUST_PROXY_FROM: 'nowhere' }, { trustProxyFrom: ['192.0.2.1'] }).trustProxyFrom,
    ).toEqual(['192.0.2.1']);
    // The embedded hosts read no AGENCY_TRUST_PROXY_FROM; nginx reads no AGENCY_STAGING nor the services' ports.
    expect(() => hostSettings({ AGENCY_TRUST_PROXY_FROM: 'nowhere' })).not.toThrow();
    expect(() => nginxSettings({ AGENCY_STAGING: 'yes', AGENCY_RELEASE_PORT: '0' })).not.toThrow();
  });

  it("shift staging's ports as stagingEnvironment does, and keep the rest", () => {
    const production = hostSettings({ AGENCY_PORT_BASE: '4000', AGENCY_HOST: '0.0.0.0' });
    expect(stagingHostSide(production)).toEqual({ ...production, portBase: 4030 });
  });
});
