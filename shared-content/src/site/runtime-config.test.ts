import { describe, expect, it } from 'vitest';
import { localRuntimeConfig, parseRuntimeConfig } from './runtime-config.ts';

describe('parseRuntimeConfig', () => {
  it('accepts the embedded default and trims trailing slashes', () => {
    const config = localRuntimeConfig('http://localhost:3010');
    expect(parseRuntimeConfig({ ...config, apiUrl: 'http://localhost:3010/' })).toEqual(config);
  });

  it.each([
    [[], /runtime.json must be a JSON object/],
    [{ apiUrl: 'http://x', emailjs: {} }, /runtime.json emailjs.origin must be a string/],
    [
      { apiUrl: 'relative/path', emailjs: localRuntimeConfig('http://x').emailjs },
      /apiUrl must be an absolute URL/,
    ],
    [
      { apiUrl: 'http://x', emailjs: { ...localRuntimeConfig('http://x').emailjs, serviceId: 5 } },
      /serviceId must be a string/,
    ],
  ])('names the bad field of %j', (input, message) => {
    expect(() => parseRuntimeConfig(input)).toThrow(message);
  });
});
