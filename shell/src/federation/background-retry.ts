import type { RemoteName } from 'federation/remotes';
import { retryPolicy } from 'federation/retry-policy';

/**
 * When a remote whose prerendered sections are waiting for their code is tried again: one schedule per
 * remote, however many of its sections wait, so that they retry together and the remote is registered again
 * once per round. A round starts after the next of the policy's background delays (bounded: the last one
 * repeats), at once when the browser reports it is online again or the page is shown again, and at once when
 * `retryNow` is called (a visitor's Retry). A hidden page starts no round until it is shown.
 */
export interface BackgroundRetry {
  /** Resolves when the next round for this remote starts. */
  nextRound(remote: RemoteName): Promise<void>;
  /** Starts a round now (a visitor's Retry, or the network back). */
  retryNow(remote: RemoteName): void;
  /** The remote's code arrived: its next wait starts from the first delay again. */
  succeeded(remote: RemoteName): void;
}

export interface RetryEnvironment {
  setTimer(callback: () => void, ms: number): () => void;
  hidden(): boolean;
  /** Calls back whenever the browser comes online or the page is shown; returns the unsubscribe. */
  onChance(callback: () => void): () => void;
}

const browserEnvironment = (): RetryEnvironment => ({
  setTimer(callback, ms) {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onChance(callback) {
    if (typeof window === 'undefined') return () => undefined;
    const visible = () => {
      if (document.visibilityState === 'visible') callback();
    };
    window.addEventListener('online', callback);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', callback);
      document.removeEventListener('visibilitychange', visible);
    };
  },
});

interface Schedule {
  waiters: Array<() => void>;
  step: number;
  cancelTimer?: () => void;
  /** The timer fired while the page was hidden: the round starts when it is shown. */
  due: boolean;
}

export function createBackgroundRetry(
  onRound: (remote: RemoteName) => void,
  env: RetryEnvironment = browserEnvironment(),
  delaysMs: readonly number[] = retryPolicy.backgroundDelaysMs,
): BackgroundRetry {
  const schedules = new Map<RemoteName, Schedule>();
  let stopListening: (() => void) | undefined;

  const scheduleOf = (remote: RemoteName) => {
    let schedule = schedules.get(remote);
    if (!schedule) {
      schedule = { waiters: [], step: 0, due: false };
      schedules.set(remote, schedule);
    }
    return schedule;
  };

  const start = (remote: RemoteName) => {
    const schedule = scheduleOf(remote);
    schedule.cancelTimer?.();
    schedule.cancelTimer = undefined;
    schedule.due = false;
    if (schedule.waiters.length === 0) return;
    schedule.step += 1;
    const waiters = schedule.waiters.splice(0);
    onRound(remote);
    for (const resume of waiters) resume();
    if ([...schedules.values()].every((each) => each.waiters.length === 0)) {
      stopListening?.();
      stopListening = undefined;
    }
  };

  const chance = () => {
    for (const [remote, schedule] of schedules) if (schedule.waiters.length > 0) start(remote);
  };

  return {
    nextRound(remote) {
      const schedule = scheduleOf(remote);
      stopListening ??= env.onChance(chance);
      return new Promise<void>((resume) => {
        schedule.waiters.push(resume);
        if (schedule.cancelTimer || schedule.due) return;
        const delay = delaysMs[Math.min(schedule.step, delaysMs.length - 1)] ?? 0;
        schedule.cancelTimer = env.setTimer(() => {
          schedule.cancelTimer = undefined;
          if (env.hidden()) schedule.due = true;
          else start(remote);
        }, delay);
      });
    },
    retryNow: start,
    succeeded(remote) {
      scheduleOf(remote).step = 0;
    },
  };
}
