import { describe, expect, it } from 'vitest';
import { plainPeerAddress } from './peer-address.ts';

describe('plainPeerAddress', () => {
  it('names an IPv4 client of a dual-stack socket by its IPv4 address', () => {
    expect(plainPeerAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(plainPeerAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('keeps IPv4 and IPv6 addresses as they are, and says unknown without one', () => {
    expect(plainPeerAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(plainPeerAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(plainPeerAddress('::1')).toBe('::1');
    expect(plainPeerAddress(undefined)).toBe('unknown');
  });
});
