import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, startApi, temporaryDir } from './support/processes.ts';

/** The real process, started with one bad value: it must not listen, and must say which variable and why. */
describe('a bad setting at start', () => {
  const dir = temporaryDir('settings');
  afterAll(() => removeDir(dir));

  it.each([
    ['ENQUIRY_PORT', 'http', 'ENQUIRY_PORT must be a whole number from 0 to 65535, got "http"'],
    [
      'ENQUIRY_HOST',
      '0.0.0.0:3010',
      'ENQUIRY_HOST must be an IP address of this machine (0.0.0.0 or :: for every interface) or a host name, got "0.0.0.0:3010"',
    ],
    ['ENQUIRY_LOG_LEVEL', 'debug', 'ENQUIRY_LOG_LEVEL must be info, warn or error, got "debug"'],
  ])(
    '%s=%s: exits 1 before listening, naming the variable and what it accepts',
    async (name, value, message) => {
      const started = startApi({ dataDir: join(dir, name), env: { [name]: value } });
      const refusal = await started.then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(refusal).toContain('The API exited with 1 before listening');
      const logged = refusal
        ?.split('\n')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as { msg?: string; error?: string }];
          } catch {
            return [];
          }
        })
        .find((line) => line.msg === 'invalid configuration');
      expect(logged?.error).toBe(message);
    },
  );
});
