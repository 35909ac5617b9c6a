/**
 * A connection's peer as the services key it. A dual-stack socket shows an IPv4 client as ::ffff:a.b.c.d; the
 * rate limits, the audit log and the forwarded session requests name the plain IPv4 address, so one client is
 * one key whichever socket it came through.
 */
export function plainPeerAddress(address: string | undefined): string {
  return (address ?? 'unknown').replace(/^::ffff:/i, '');
}
