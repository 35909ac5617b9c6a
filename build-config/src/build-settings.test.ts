import { describe, expect, it } from 'vitest';
import { buildSettings } from './build-settings.ts';

describe('buildSettings', () => {
  it('reads a plain production build from an empty environment', () => {
    expect(buildSettings({})).toEqual({ portBase: 3000, againstProduction: false, development: false });
  });

  it('reads the port base, a dev server against a site, and development', () => {
    expect(
      buildSettings({ AGENCY_PORT_BASE: '4100', AGENCY_DEV_AGAINST: '1', NODE_ENV: 'development' }),
    ).toEqual({ portBase: 4100, againstProduction: true, development: true });
  });

  it('stops at a bad port base, naming the variable', () => {
    expect(() => buildSettings({ AGENCY_PORT_BASE: '80' })).toThrow(
      'AGENCY_PORT_BASE must be an integer between 1024 and 65000, got "80"',
    );
  });
});
