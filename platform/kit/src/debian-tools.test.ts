import { afterEach, describe, expect, it, vi } from 'vitest';
import { aptCommandFor, type DebianTool, debianTools, installDebianTools } from './debian-tools.ts';

const absent: DebianTool = {
  name: 'a-tool-no-machine-has',
  usedBy: 'this test',
  packages: ['a-package', 'its-module'],
  installed: () => false,
};

const noTools = { chromePath: undefined, childEnv: {} };

afterEach(() => vi.restoreAllMocks());

describe('installDebianTools', () => {
  it('does nothing when every tool is here', () => {
    const here: DebianTool = { ...absent, installed: () => true };
    expect(installDebianTools([here], noTools)).toEqual({ installed: [], missing: [] });
  });

  it('names, without root, the one command that installs what is missing', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    const outcome = installDebianTools([absent], noTools);
    expect(outcome.missing).toEqual([absent]);
    expect(outcome.message).toBe(
      'Not installed: a-tool-no-machine-has (this test). Install them with "sudo apt-get install -y a-package its-module" and run the tests again.',
    );
  });
});

describe('the tools the test command installs', () => {
  it('each has a name, what needs it and its Debian packages', () => {
    expect(debianTools.map((tool) => tool.name)).toEqual([
      'chromium',
      'firefox',
      'webkit',
      'nginx',
      'njs',
      'java',
      'logrotate',
      'openssl',
      'systemd-analyze',
    ]);
    expect(aptCommandFor(debianTools)).toBe(
      'sudo apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb nginx libnginx-mod-http-js libnginx-mod-http-brotli-static njs default-jre-headless logrotate openssl systemd',
    );
  });
});
