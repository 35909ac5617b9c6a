import { describe, expect, it, vi } from 'vitest';
import { onceUntilFailure } from './fetch-config.ts';

describe('onceUntilFailure', () => {
  it('shares one successful load between callers', async () => {
    const load = vi.fn().mockResolvedValue('ok');
    const get = onceUntilFailure(load);
    expect(await Promise.all([get(), get()])).toEqual(['ok', 'ok']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure so the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    const get = onceUntilFailure(load);
    await expect(get()).rejects.toThrow('down');
    expect(await get()).toBe('back');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
