export interface RateVerdict {
  allowed: boolean;
  /** Whole seconds until the client's window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window request counter per client address, in memory: enough for one API process. Several processes
 * behind a load balancer would each allow `max`; put the limit in the proxy then.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep: number;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.nextSweep = now() + windowMs;
  }

  hit(client: string): RateVerdict {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(client);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(client, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.max,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Forgets finished windows once per window length, so memory stays bounded by the active clients. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    for (const [client, window] of this.windows) if (window.resetAt <= now) this.windows.delete(client);
    this.nextSweep = now + this.windowMs;
  }
}
