import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
// The runtime instance the federation host (federation-host.ts) starts with: as in Node, one already exists.
vi.mock(import('@module-federation/enhanced/runtime'), async (importOriginal) => ({
  ...(await importOriginal()),
  getInstance: (() => runtime) as unknown as typeof import('@module-federation/enhanced/runtime').getInstance,
}));

const remoteMap = { mf_portfolio: 'http://localhost:3002/1.0.0-abc/mf-manifest.json' };
vi.mock(import('../config/fetch-config.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchConfigFile: vi.fn(async () => remoteMap),
}));

function Section() {
  return null;
}

/** A fresh registry per test: its remote map and re-registration state are module-level. */
async function freshRegistry() {
  vi.resetModules();
  // Imported ahead, as the browser would have fetched it: the registry's own import of it then takes no time
  // on the fake clock.
  await import('./remote-loading.ts');
  const registry = await import('./remote-registry.ts');
  const { IncompatibleRemoteError } = await import('./compatibility-plugin.ts');
  return { ...registry, IncompatibleRemoteError };
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

const forcedRegistrations = () =>
  runtime.registerRemotes.mock.calls.filter(([, options]) => options?.force === true).length;

describe('loadExposedComponent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const mock of Object.values(runtime)) mock.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('retries a transient failure twice, registering the remote again each time, then loads', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockRejectedValueOnce(new Error('ScriptExecutionError'))
      .mockResolvedValueOnce({ default: Section });
    const { loadExposedComponent, retryPolicy } = await freshRegistry();
    const outcome = track(loadExposedComponent('mf_portfolio', 'PortfolioSection', 0));
    await vi.advanceTimersByTimeAsync(retryPolicy.delaysMs[0] + retryPolicy.delaysMs[1]);
    expect(outcome.value).toEqual({ default: Section });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(forcedRegistrations()).toBe(2);
  });

  it('gives up after the bounded attempts when the failure persists', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('Failed to fetch'));
    const { loadExposedComponent, retryPolicy } = await freshRegistry();
    const outcome = track(loadExposedComponent('mf_portfolio', 'PortfolioSection', 0));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(outcome.error?.message).toBe('Failed to fetch');
    expect(outcome.settledAt).toBe(retryPolicy.delaysMs[0] + retryPolicy.delaysMs[1]);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(retryPolicy.attempts);
  });

  it('cuts off a remote that never answers, so the fallback shows within the documented bound', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const { loadExposedComponent, retryPolicy } = await freshRegistry();
    const outcome = track(loadExposedComponent('mf_portfolio', 'PortfolioSection', 0));
    await vi.advanceTimersByTimeAsync(60_000);
    const bound = retryPolicy.attempts * retryPolicy.attemptTimeoutMs + 250 + 750;
    expect(bound).toBe(19_000);
    expect(outcome.settledAt).toBe(bound);
    expect(outcome.error?.message).toBe(
      `mf_portfolio/PortfolioSection did not load within ${retryPolicy.attemptTimeoutMs} ms`,
    );
  });

  it('does not retry an incompatible remote or a missing component', async () => {
    const { loadExposedComponent, IncompatibleRemoteError } = await freshRegistry();
    runtime.loadRemote.mockRejectedValueOnce(new IncompatibleRemoteError('requires react ^18'));
    await expect(loadExposedComponent('mf_portfolio', 'PortfolioSection', 0)).rejects.toThrow('react ^18');
    runtime.loadRemote.mockResolvedValueOnce({ default: 'not a component' });
    await expect(loadExposedComponent('mf_portfolio', 'ProcessSection', 0)).rejects.toThrow(
      'did not provide a component',
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(forcedRegistrations()).toBe(0);
  });

  it('registers a remote again once when two of its slots fail together', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockRejectedValueOnce(new Error('Failed to fetch'))
      .mockResolvedValue({ default: Section });
    const { loadExposedComponent } = await freshRegistry();
    const first = track(loadExposedComponent('mf_portfolio', 'PortfolioSection', 0));
    const second = track(loadExposedComponent('mf_portfolio', 'ProcessSection', 0));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.value).toBeDefined();
    expect(second.value).toBeDefined();
    expect(forcedRegistrations()).toBe(1);
  });

  it('reads remotes.json again on a visitor’s Retry, so a rollback made since the page loaded is what loads', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Section });
    const { loadExposedComponent } = await freshRegistry();
    await loadExposedComponent('mf_portfolio', 'PortfolioSection', 0);
    const { fetchConfigFile } = await import('../config/fetch-config.ts');
    const rolledBack = 'http://localhost:3002/0.9.0-old/mf-manifest.json';
    vi.mocked(fetchConfigFile).mockResolvedValueOnce({ mf_portfolio: rolledBack });
    await loadExposedComponent('mf_portfolio', 'PortfolioSection', 1);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_portfolio', entry: rolledBack }], {
      force: true,
    });
  });

  it('registers the remote again before a visitor’s Retry', async () => {
    runtime.loadRemote.mockResolvedValue({ default: Section });
    const { loadExposedComponent } = await freshRegistry();
    await loadExposedComponent('mf_portfolio', 'PortfolioSection', 1);
    expect(forcedRegistrations()).toBe(1);
    expect(runtime.registerPlugins).toHaveBeenCalledWith(
      expect.arrayContaining([expect.objectContaining({ name: 'shell-remote-compatibility' })]),
    );
  });
});

describe('loadFailureReason', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const mock of Object.values(runtime)) mock.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  /** The error a slot's load finally fails with (after the retries), as RemoteSlot gets it. */
  async function finalError(registry: Awaited<ReturnType<typeof freshRegistry>>) {
    const outcome = track(registry.loadExposedComponent('mf_portfolio', 'PortfolioSection', 0));
    await vi.advanceTimersByTimeAsync(60_000);
    return outcome.error;
  }

  it('classifies a load cut off by the attempt timeout as timeout', async () => {
    runtime.loadRemote.mockReturnValue(new Promise(() => {}));
    const registry = await freshRegistry();
    const error = await finalError(registry);
    expect(error).toBeInstanceOf(registry.RemoteTimeoutError);
    expect(registry.loadFailureReason(error)).toBe('timeout');
  });

  it('classifies an incompatible remote as incompatible', async () => {
    const registry = await freshRegistry();
    runtime.loadRemote.mockRejectedValue(new registry.IncompatibleRemoteError('requires react ^18'));
    expect(registry.loadFailureReason(await finalError(registry))).toBe('incompatible');
  });

  it('classifies altered files as integrity', async () => {
    const registry = await freshRegistry();
    const { IntegrityError } = await import('./integrity-plugin.ts');
    runtime.loadRemote.mockRejectedValue(new IntegrityError('mf-manifest.json does not match its release'));
    expect(registry.loadFailureReason(await finalError(registry))).toBe('integrity');
  });

  it('classifies anything else as network: an unreachable remote, a missing component', async () => {
    const registry = await freshRegistry();
    runtime.loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(registry.loadFailureReason(await finalError(registry))).toBe('network');
    runtime.loadRemote.mockResolvedValue({ default: 'not a component' });
    const missing = await finalError(registry);
    expect(missing).toBeInstanceOf(registry.RemoteLoadError);
    expect(registry.loadFailureReason(missing)).toBe('network');
    expect(registry.loadFailureReason('a thrown string')).toBe('network');
  });

  it('tells errors about loading code from errors thrown while rendering', async () => {
    const registry = await freshRegistry();
    const { IntegrityError } = await import('./integrity-plugin.ts');
    const chunk = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    for (const error of [
      new registry.IncompatibleRemoteError('x'),
      new IntegrityError('x'),
      new registry.RemoteTimeoutError('x'),
      new registry.RemoteLoadError('x'),
      chunk,
    ]) {
      expect(registry.isLoadFailure(error), error.name).toBe(true);
    }
    expect(registry.isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      false,
    );
    expect(registry.isLoadFailure(null)).toBe(false);
  });
});
