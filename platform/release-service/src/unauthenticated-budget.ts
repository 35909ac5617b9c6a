/**
 * How many uploads without a valid key (401) the audit log records one by one. Anyone who can reach the service
 * can send those, so without a bound a flood would grow `audit.jsonl` without end: per address, and in all, at most
 * so many an hour; past that, one entry says that further ones are not recorded, and the service's log counts them.
 * An upload with a valid key is always recorded: its holder is known and answerable.
 */
export interface UnauthenticatedBudget {
  /** 'record' the entry, 'note' it and say that the next ones are not recorded, or 'skip' it. */
  take(address: string, now?: number): 'record' | 'note' | 'skip';
}

export const unauthenticatedLimits = { perAddress: 30, inAll: 300, windowMs: 60 * 60 * 1000 };

export function unauthenticatedBudget(limits = unauthenticatedLimits): UnauthenticatedBudget {
  let windowStart = 0;
  let inAll = 0;
  let perAddress = new Map<string, number>();
  return {
    take(address, now = Date.now()) {
      if (now - windowStart >= limits.windowMs) {
        windowStart = now;
        inAll = 0;
        perAddress = new Map();
      }
      const fromAddress = (perAddress.get(address) ?? 0) + 1;
      if (fromAddress > limits.perAddress || inAll >= limits.inAll) return 'skip';
      perAddress.set(address, fromAddress);
      inAll += 1;
      return fromAddress === limits.perAddress || inAll === limits.inAll ? 'note' : 'record';
    },
  };
}
