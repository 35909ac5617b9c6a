import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs locally with no variables: port base + 10, shell origin allowed, no SMTP', () => {
    const config = loadConfig({ AGENCY_PORT_BASE: '7000' });
    expect(config.port).toBe(7010);
    expect(config.allowedOrigins).toEqual(['http://localhost:7000']);
    expect(config.smtp).toBeNull();
    expect(config.dataDir).toMatch(/\.data[/\\]enquiry-api$/);
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
  ])('rejects %j naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
