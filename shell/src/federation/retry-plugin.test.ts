import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRemoteRetry, type RetryHost } from './retry-plugin.ts';

const policy = { attempts: 3, delaysMs: [250, 750], attemptTimeoutMs: 6000 };
let remotes = 0;
const id = 'mf_portfolio/Section';

class Permanent extends Error {}

function Section() {
  return null;
}

/**
 * A real runtime instance with one remote whose container comes from the runtime's `loadEntry` hook: each
 * entry load takes the next outcome (a container, an error, or never), as a remote's server would give them.
 */
function federation(outcomes: Array<'ok' | 'never' | Error>) {
  // The runtime keeps entry loads in a global of its own, by name and entry: each test has its own entry.
  remotes += 1;
  const entry = `http://127.0.0.1:3999/${remotes}/remoteEntry.js`;
  let entryLoads = 0;
  const recovered: boolean[] = [];
  const container = {
    init: async () => undefined,
    get: () => async () => ({ default: Section }),
  };
  const remote: ModuleFederationRuntimePlugin = {
    name: 'test-remote',
    loadEntry() {
      const outcome = outcomes[Math.min(entryLoads, outcomes.length - 1)];
      entryLoads += 1;
      if (outcome === 'never') return new Promise(() => undefined);
      if (outcome instanceof Error) return Promise.reject(outcome);
      return Promise.resolve(container);
    },
    afterLoadRemote(args) {
      recovered.push(Boolean((args as { recovered?: boolean }).recovered));
    },
  };
  const instance = createInstance({
    name: 'shell',
    remotes: [{ name: 'mf_portfolio', entry }],
    plugins: [remote],
  });
  const registrations = vi.fn(() =>
    instance.registerRemotes([{ name: 'mf_portfolio', entry }], { force: true }),
  );
  const warn = vi.fn();
  const host: RetryHost = {
    prepare: async () => registrations,
    judge: (_remote, error) => ({ error, transient: !(error instanceof Permanent) }),
    timedOut: (what, ms) => new Error(`${what} did not load within ${ms} ms`),
    warn,
  };
  const retry = createRemoteRetry(policy, host);
  instance.registerPlugins([retry.plugin]);
  return {
    instance,
    load: () => retry.load(id, (what) => instance.loadRemote(what)),
    entryLoads: () => entryLoads,
    recovered,
    registrations,
    warn,
  };
}

/** Lets a load run on fake timers, recording when it settles. */
function track(promise: Promise<unknown>) {
  const outcome: { settledAt?: number; error?: Error; value?: unknown } = {};
  const start = Date.now();
  promise.then(
    (value) => Object.assign(outcome, { value, settledAt: Date.now() - start }),
    (error: Error) => Object.assign(outcome, { error, settledAt: Date.now() - start }),
  );
  return outcome;
}

describe('the retry runtime plugin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('retries inside the runtime: its errorLoadRemote hook recovers the failed load with a later try', async () => {
    const remote = federation([new Error('Failed to fetch'), new Error('ScriptExecutionError'), 'ok']);
    const outcome = track(remote.load());
    await vi.advanceTimersByTimeAsync(250 + 750);
    expect(outcome.value).toEqual({ default: Section });
    expect(outcome.settledAt).toBe(1000);
    expect(remote.entryLoads()).toBe(3);
    expect(remote.registrations).toHaveBeenCalledTimes(2);
    // The two tries the plugin made failed and succeeded; the first load is the one the hook recovered.
    expect(remote.recovered).toEqual([false, false, true]);
  });

  it('says each failed try on the console as the shell always has', async () => {
    const remote = federation([new Error('Failed to fetch'), new Error('Failed to fetch'), 'ok']);
    track(remote.load());
    await vi.advanceTimersByTimeAsync(1000);
    expect(remote.warn.mock.calls.map(([message]) => message)).toEqual([
      `[shell] ${id}: attempt 1 of 3 failed (Failed to fetch); retrying in 250 ms`,
      `[shell] ${id}: attempt 2 of 3 failed (Failed to fetch); retrying in 750 ms`,
    ]);
  });

  it('gives up after the policy’s tries with the last failure, as the runtime threw it', async () => {
    const remote = federation([new Error('Failed to fetch')]);
    const outcome = track(remote.load());
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome.error?.message).toContain('Failed to fetch');
    expect(outcome.settledAt).toBe(1000);
    expect(remote.entryLoads()).toBe(3);
    expect(remote.recovered).toEqual([false, false, false]);
  });

  it('does not retry what the host judges permanent', async () => {
    const refused = new Permanent('altered release');
    const remote = federation([refused, 'ok']);
    const outcome = track(remote.load());
    await vi.advanceTimersByTimeAsync(5000);
    expect(outcome.error).toBe(refused);
    expect(remote.entryLoads()).toBe(1);
    expect(remote.registrations).not.toHaveBeenCalled();
    expect(remote.warn).not.toHaveBeenCalled();
  });

  it('cuts off a try that never settles and loads with the next one', async () => {
    const remote = federation(['never', 'ok']);
    const outcome = track(remote.load());
    await vi.advanceTimersByTimeAsync(6000 + 250);
    expect(outcome.value).toEqual({ default: Section });
    expect(outcome.settledAt).toBe(6250);
    expect(remote.warn).toHaveBeenCalledWith(
      `[shell] ${id}: attempt 1 of 3 failed (${id} did not load within 6000 ms); retrying in 250 ms`,
    );
  });

  it('cuts off every try of a remote that never answers within the documented bound', async () => {
    const remote = federation(['never']);
    const outcome = track(remote.load());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outcome.settledAt).toBe(3 * 6000 + 250 + 750);
    expect(outcome.error?.message).toBe(`${id} did not load within 6000 ms`);
  });

  it('leaves two loads of one module under way each to its own tries', async () => {
    const remote = federation([new Error('Failed to fetch'), new Error('Failed to fetch'), 'ok']);
    const first = track(remote.load());
    const second = track(remote.load());
    await vi.advanceTimersByTimeAsync(2000);
    expect(first.value).toEqual({ default: Section });
    expect(second.value).toEqual({ default: Section });
  });

  it('leaves alone a load of the instance that did not come through it', async () => {
    const remote = federation([new Error('Failed to fetch'), 'ok']);
    await expect(remote.instance.loadRemote(id)).rejects.toThrow('Failed to fetch');
    expect(remote.entryLoads()).toBe(1);
    expect(remote.warn).not.toHaveBeenCalled();
  });
});
