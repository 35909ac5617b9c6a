import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs locally with no variables: port base + 10, shell origin allowed, no SMTP', () => {
    const config = loadConfig({ AGENCY_PORT_BASE: '7000' });
    expect(config.port).toBe(7010);
    expect(config.allowedOrigins).toEqual(['http://localhost:7000']);
    expect(config.smtp).toBeNull();
    expect(config.dataDir).toMatch(/\.data[/\\]enquiry-api$/);
    expect(config.beaconRateLimit).toEqual({ max: 120, windowMs: 60_000 });
    expect(config.healthRetentionDays).toBe(30);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toBe(0);
  });

  it('reads ENQUIRY_TRUST_PROXY as a number of proxies, true meaning one, and refuses anything else', () => {
    expect(loadConfig({ ENQUIRY_TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ENQUIRY_TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ ENQUIRY_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['maybe', '-1', '11', '1.5']) {
      expect(() => loadConfig({ ENQUIRY_TRUST_PROXY: bad })).toThrow(
        /ENQUIRY_TRUST_PROXY must be false, true/,
      );
    }
    expect(loadConfig({ ENQUIRY_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads the beacon budget and the health retention', () => {
    const config = loadConfig({
      ENQUIRY_BEACON_RATE_LIMIT: '30',
      ENQUIRY_BEACON_RATE_WINDOW_SECONDS: '10',
      ENQUIRY_HEALTH_RETENTION_DAYS: '7',
    });
    expect(config.beaconRateLimit).toEqual({ max: 30, windowMs: 10_000 });
    expect(config.healthRetentionDays).toBe(7);
    // The forms' limit is its own.
    expect(config.rateLimit).toEqual({ max: 20, windowMs: 600_000 });
  });

  it('reads SMTP settings, implying TLS on port 465', () => {
    const config = loadConfig({
      ENQUIRY_SMTP_HOST: 'smtp.mail.example',
      ENQUIRY_SMTP_PORT: '465',
      ENQUIRY_SMTP_USER: 'user',
      ENQUIRY_SMTP_PASSWORD: 'secret',
      ENQUIRY_MAIL_TO: 'Sales <sales@agency.example>',
    });
    expect(config.smtp).toMatchObject({ host: 'smtp.mail.example', port: 465, secure: true, user: 'user' });
    expect(config.mail.to).toBe('Sales <sales@agency.example>');
  });

  it.each([
    [{ ENQUIRY_PORT: '70000' }, 'ENQUIRY_PORT'],
    [{ ENQUIRY_ALLOWED_ORIGINS: 'http://localhost:7000/contact' }, 'give origins only'],
    [{ ENQUIRY_ALLOWED_ORIGINS: 'not a url' }, 'not a URL origin'],
    [{ ENQUIRY_SMTP_HOST: 'smtp.example', ENQUIRY_SMTP_USER: 'only-user' }, 'must be set together'],
    [{ ENQUIRY_MAIL_FROM: 'nobody' }, 'ENQUIRY_MAIL_FROM'],
    [{ ENQUIRY_TRUST_PROXY: 'maybe' }, 'ENQUIRY_TRUST_PROXY'],
    [{ ENQUIRY_RETRY_BASE_MS: '5000', ENQUIRY_RETRY_MAX_MS: '1000' }, 'ENQUIRY_RETRY_MAX_MS'],
    [{ AGENCY_PORT_BASE: 'abc' }, 'AGENCY_PORT_BASE'],
    [{ ENQUIRY_LOG_LEVEL: 'debug' }, 'ENQUIRY_LOG_LEVEL'],
    [
      { ENQUIRY_HEALTH_RETENTION_DAYS: '0' },
      'ENQUIRY_HEALTH_RETENTION_DAYS must be a whole number from 1 to 3650',
    ],
    [{ ENQUIRY_HEALTH_RETENTION_DAYS: '1.5' }, 'ENQUIRY_HEALTH_RETENTION_DAYS must be a whole number'],
    [{ ENQUIRY_HEALTH_RETENTION_DAYS: 'a month' }, 'got "a month"'],
    [{ ENQUIRY_BEACON_RATE_LIMIT: '0' }, 'ENQUIRY_BEACON_RATE_LIMIT'],
    [{ ENQUIRY_BEACON_RATE_WINDOW_SECONDS: 'soon' }, 'ENQUIRY_BEACON_RATE_WINDOW_SECONDS'],
  ])('rejects %j naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes ENQUIRY_HOST as an IP address or a host name, and refuses anything else at start', () => {
    for (const host of ['0.0.0.0', '::', '::1', '192.0.2.10', 'localhost', 'api.internal.example']) {
      expect(loadConfig({ ENQUIRY_HOST: host }).host).toBe(host);
    }
    for (const bad of ['0.0.0.0:3010', 'http://localhost', 'local host', '-api', 'api..example']) {
      expect(() => loadConfig({ ENQUIRY_HOST: bad })).toThrow(
        `ENQUIRY_HOST must be an IP address of this machine (0.0.0.0 or :: for every interface) or a host name, got "${bad}"`,
      );
    }
  });
});
