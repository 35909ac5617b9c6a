import { describe, expect, it } from 'vitest';
import { addressRanges, forwardedHttps, fromTheRight, isAddressRange, proxyHops } from './trusted-proxy.ts';

describe('proxyHops', () => {
  it('reads none, one proxy or a count from 1 to 10, in any case and with spaces around', () => {
    for (const none of [undefined, '', '  ', '0', 'false', 'No', 'OFF']) expect(proxyHops(none)).toBe(0);
    for (const one of ['true', 'Yes', ' on ', '1']) expect(proxyHops(one)).toBe(1);
    expect(proxyHops('2')).toBe(2);
    expect(proxyHops('10')).toBe(10);
  });

  it('refuses anything else, so a typo never believes a client', () => {
    for (const bad of ['11', '00', '-1', '1.5', 'ture', '2 proxies', '0x2'])
      expect(proxyHops(bad)).toBeUndefined();
  });
});

describe('fromTheRight', () => {
  it('takes the entry `hops` places from the right, whatever the client wrote before it', () => {
    expect(fromTheRight('forged, 198.51.100.1, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(fromTheRight('forged, 198.51.100.1, 203.0.113.7, 10.0.0.2', 2, { emptyEntries: 'count' })).toBe(
      '203.0.113.7',
    );
    expect(fromTheRight('203.0.113.7', 3)).toBe('203.0.113.7');
  });

  it('believes nothing without proxies or a header', () => {
    expect(fromTheRight('203.0.113.7', 0)).toBeUndefined();
    expect(fromTheRight(undefined, 1)).toBeUndefined();
    expect(fromTheRight('', 1, { emptyEntries: 'count' })).toBeUndefined();
  });

  it('skips empty entries for the API, and counts them where nginx counts them', () => {
    expect(fromTheRight('203.0.113.7, ', 1)).toBe('203.0.113.7');
    expect(fromTheRight('203.0.113.7, ', 1, { emptyEntries: 'count' })).toBeUndefined();
    expect(fromTheRight('a, , 203.0.113.7', 2)).toBe('a');
    expect(fromTheRight('a, , 203.0.113.7', 2, { emptyEntries: 'count' })).toBeUndefined();
  });
});

describe('forwardedHttps', () => {
  it('is true only when the trusted entry says https', () => {
    expect(forwardedHttps('HTTPS', 1)).toBe(true);
    expect(forwardedHttps('https, http', 1)).toBe(false);
    expect(forwardedHttps('https, http', 2)).toBe(true);
    expect(forwardedHttps('https', 0)).toBe(false);
    expect(forwardedHttps('https,', 1, { emptyEntries: 'count' })).toBe(false);
  });
});

describe('address ranges', () => {
  it('takes IPv4 and IPv6 addresses with or without a prefix length', () => {
    for (const good of ['203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '::1', '0.0.0.0/0'])
      expect(isAddressRange(good)).toBe(true);
    for (const bad of ['203.0.113.0/33', '2001:db8::/129', 'example.com', '10.0.0.0/8/8', '10.0.0.0/x'])
      expect(isAddressRange(bad)).toBe(false);
  });

  it('splits a comma-separated list and names its first bad entry', () => {
    expect(addressRanges(undefined)).toEqual({ ranges: [] });
    expect(addressRanges(' 203.0.113.0/24, ,2001:db8::/32 ')).toEqual({
      ranges: ['203.0.113.0/24', '2001:db8::/32'],
    });
    expect(addressRanges('203.0.113.0/24,cdn.example')).toEqual({
      ranges: ['203.0.113.0/24', 'cdn.example'],
      bad: 'cdn.example',
    });
  });
});
