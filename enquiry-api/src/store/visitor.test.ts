import { describe, expect, it } from 'vitest';
import { visitorOf } from './visitor.ts';

describe('visitorOf', () => {
  it('takes an IPv4 address as the client and its /24 as the network, mapped into IPv6 or not', () => {
    expect(visitorOf('203.0.113.9')).toEqual({ client: '203.0.113.9', network: '203.0.113.0/24' });
    expect(visitorOf('::ffff:203.0.113.9')).toEqual(visitorOf('203.0.113.9'));
    expect(visitorOf('203.0.113.10').network).toBe(visitorOf('203.0.113.9').network);
    expect(visitorOf('203.0.114.9').network).not.toBe(visitorOf('203.0.113.9').network);
  });

  it('takes an IPv6 /64 as the client and its /48 as the network, however the address is written', () => {
    const one = visitorOf('2001:db8:1:2:aaaa::1');
    expect(one).toEqual({ client: '2001:db8:1:2::/64', network: '2001:db8:1::/48' });
    // Another address of the same /64 (a privacy address, or one an attacker picks) is the same client.
    expect(visitorOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toEqual(one);
    expect(visitorOf('2001:db8:1:3::1')).toEqual({ client: '2001:db8:1:3::/64', network: one.network });
    expect(visitorOf('2001:db8:2:2::1').network).not.toBe(one.network);
  });

  it('puts whatever is not an address into one client of one network', () => {
    expect(visitorOf('unknown')).toEqual({ client: 'other unknown', network: 'other' });
  });
});
