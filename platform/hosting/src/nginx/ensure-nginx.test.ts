/** ensureNginx: nothing to do where nginx is; where it is missing and apt cannot run, the exact command. */
import { afterEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ nginxPresent: true }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return {
    ...actual,
    existsSync: (path: Parameters<typeof actual.existsSync>[0]) =>
      String(path).includes('nginx') ? state.nginxPresent : actual.existsSync(path),
  };
});

const { ensureNginx } = await import('./serve.ts');

afterEach(() => {
  vi.restoreAllMocks();
  state.nginxPresent = true;
});

describe('ensureNginx', () => {
  it('does nothing where nginx and its modules are installed', () => {
    expect(() => ensureNginx({})).not.toThrow();
  });

  it('says the exact apt command where nginx is missing and it cannot install it (not root)', () => {
    state.nginxPresent = false;
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    expect(() => ensureNginx({})).toThrow(
      'nginx is not installed: install it (Debian or Ubuntu) with "sudo apt-get install -y --no-install-recommends nginx libnginx-mod-http-js libnginx-mod-http-brotli-static njs", then start again.',
    );
  });
});
