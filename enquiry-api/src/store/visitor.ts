import ipaddr from 'ipaddr.js';
import type { Visitor } from './remote-health-store.ts';

/**
 * The client and network a beacon counts for, from the client's address (X-Forwarded-For behind a trusted
 * proxy). An IPv4 address is one client and its /24 one network. An IPv6 host picks any address of its /64
 * (privacy addresses change by the day, and an attacker may change them at will), so the /64 is the client
 * and the /48 a site's network. An IPv4 address inside IPv6 (::ffff:a.b.c.d) is the IPv4 address. ipaddr.js
 * parses every textual form (zone ids and abbreviations too), which a split on ":" would not.
 */
export function visitorOf(address: string): Visitor {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    // Not an address (a socket that gave none): all such clients are one, in one network.
    return { client: `other ${address}`, network: 'other' };
  }
  if (parsed.kind() === 'ipv4') {
    const bytes = parsed.toByteArray();
    return { client: bytes.join('.'), network: `${bytes.slice(0, 3).join('.')}.0/24` };
  }
  const groups = (parsed as ipaddr.IPv6).toNormalizedString().split(':');
  return { client: `${groups.slice(0, 4).join(':')}::/64`, network: `${groups.slice(0, 3).join(':')}::/48` };
}
