import { describe, expect, it, vi } from 'vitest';
import { RemoteReload } from './remote-reload.ts';

const v1 = 'http://localhost:3002/1.0.0-aaa/mf-manifest.json';
const v2 = 'http://localhost:3002/1.0.0-bbb/mf-manifest.json';

describe('one remote’s reload state', () => {
  it('registers again only if no other slot has since (the generation a retry started from)', () => {
    const register = vi.fn();
    const reload = new RemoteReload('mf_portfolio', register);
    reload.registeredAt(v1);
    const seen = reload.generation;
    reload.registerAgain(v1, seen);
    reload.registerAgain(v1, seen);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(v1, false);
  });

  it('registers once per visitor’s Retry round, and tells every listener of the round', () => {
    const register = vi.fn();
    const reload = new RemoteReload('mf_portfolio', register);
    const listeners = [vi.fn(), vi.fn()];
    const stops = listeners.map((listener) => reload.onRetry(listener));
    reload.requestRetry();
    reload.registerForRetry(v1);
    reload.registerForRetry(v1);
    expect(register).toHaveBeenCalledTimes(1);
    for (const listener of listeners) expect(listener).toHaveBeenCalledTimes(1);
    stops[0]?.();
    reload.requestRetry();
    reload.registerForRetry(v1);
    expect(register).toHaveBeenCalledTimes(2);
    expect(listeners[0]).toHaveBeenCalledTimes(1);
    expect(listeners[1]).toHaveBeenCalledTimes(2);
  });

  it('says when the entry is another version than the one registered before', () => {
    const register = vi.fn();
    const reload = new RemoteReload('mf_portfolio', register);
    reload.registeredAt(v1);
    reload.registerAgain(v1);
    reload.registerAgain(v2);
    expect(register.mock.calls).toEqual([
      [v1, false],
      [v2, true],
    ]);
  });
});
