/**
 * The programs the test suite drives besides Node, each from Debian's packages, and installing all that are
 * missing in one apt run. `npm test` calls installDebianTools first, so a fresh machine (as root, as CI runs)
 * runs every test, and a machine where apt cannot run (no root) is told the one command that makes it so. A test
 * that needs one of these asks `platform-kit/testing/tools` whether it is here, never the PATH on its own, so
 * the conditional-skip check (dev-tools) can name the tool behind every skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './run.ts';

export const debianChromium = '/usr/bin/chromium';
export const nginxBinary = '/usr/sbin/nginx';
/** Debian's Firefox ESR, which puppeteer-core drives over WebDriver BiDi (the e2e journeys in Firefox). */
export const debianFirefox = '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver server (webkit2gtk-driver); it starts the MiniBrowser of libwebkit2gtk-4.1-0. */
export const webKitWebDriver = '/usr/bin/WebKitWebDriver';
export const webKitMiniBrowser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** WebKitGTK's MiniBrowser has no headless mode: it runs on a virtual X display. */
export const xvfbRun = '/usr/bin/xvfb-run';
/** Where Debian's nginx module packages put their `.so` files. */
export const nginxModuleDir = '/usr/lib/nginx/modules';
/** The dynamic modules the generated nginx configuration loads. */
export const nginxModules = ['ngx_http_js_module.so', 'ngx_http_brotli_static_module.so'] as const;

const commandRuns = (command: string, args: readonly string[], childEnv: NodeJS.ProcessEnv) =>
  spawnSync(command, args, { env: childEnv, stdio: 'ignore' }).status === 0;
const onPath = (command: string, childEnv: NodeJS.ProcessEnv) =>
  commandRuns('sh', ['-c', `command -v ${command}`], childEnv);

/**
 * What a tool's check needs: the browser the tool settings name, and the environment its probe (`command -v`,
 * `java -version`) and apt-get run with (their PATH), a child's environment, not read here.
 */
export interface ToolProbe {
  chromePath: string | undefined;
  childEnv: NodeJS.ProcessEnv;
}

export interface DebianTool {
  /** How messages, the skip check and the summary name it. */
  name: string;
  /** What needs it, for the message that says what to install. */
  usedBy: string;
  packages: readonly string[];
  /** Chromium is installed with its recommended packages (fonts); the rest without. */
  withRecommends?: boolean;
  installed(probe: ToolProbe): boolean;
}

export const debianTools = [
  {
    name: 'chromium',
    usedBy: 'the e2e suite, the release gates and the bench',
    packages: ['chromium'],
    withRecommends: true,
    installed: ({ chromePath }) => existsSync(chromePath ?? debianChromium),
  },
  {
    name: 'firefox',
    usedBy: 'the e2e journeys in Firefox',
    packages: ['firefox-esr'],
    installed: () => existsSync(debianFirefox),
  },
  {
    name: 'webkit',
    usedBy: 'the e2e journeys in WebKit',
    // xvfb: the MiniBrowser needs a display, a virtual one here.
    packages: ['webkit2gtk-driver', 'xvfb'],
    installed: () => [webKitWebDriver, webKitMiniBrowser, xvfbRun].every((file) => existsSync(file)),
  },
  {
    name: 'nginx',
    usedBy: 'the nginx unit tests and the e2e nginx project',
    // njs: the command-line njs the tests check the module with.
    packages: ['nginx', 'libnginx-mod-http-js', 'libnginx-mod-http-brotli-static', 'njs'],
    installed: () =>
      existsSync(nginxBinary) && nginxModules.every((name) => existsSync(join(nginxModuleDir, name))),
  },
  {
    name: 'njs',
    usedBy: "the test of nginx's njs module in njs itself",
    packages: ['njs'],
    installed: () => existsSync('/usr/bin/njs'),
  },
  {
    name: 'java',
    usedBy: 'the W3C Nu HTML checker of the e2e suite',
    packages: ['default-jre-headless'],
    installed: ({ childEnv }) => commandRuns('java', ['-version'], childEnv),
  },
  {
    name: 'logrotate',
    usedBy: 'the check of ops/logrotate',
    packages: ['logrotate'],
    installed: ({ childEnv }) => onPath('logrotate', childEnv) || existsSync('/usr/sbin/logrotate'),
  },
  {
    name: 'openssl',
    usedBy: 'the TLS checks of the CDN edge test',
    packages: ['openssl'],
    installed: ({ childEnv }) => onPath('openssl', childEnv),
  },
  {
    name: 'systemd-analyze',
    usedBy: 'the check of ops/systemd',
    packages: ['systemd'],
    installed: ({ childEnv }) => onPath('systemd-analyze', childEnv),
  },
] as const satisfies readonly DebianTool[];

export type DebianToolName = (typeof debianTools)[number]['name'];
export const debianToolNames: readonly DebianToolName[] = debianTools.map((tool) => tool.name);

export function debianTool(name: DebianToolName): DebianTool {
  return debianTools.find((tool) => tool.name === name) as DebianTool;
}

/** The one command that installs these tools, for a message to someone who must run it with sudo. */
export function aptCommandFor(tools: readonly DebianTool[]): string {
  const packages = new Set(tools.flatMap((tool) => tool.packages));
  return `sudo apt-get install -y ${[...packages].join(' ')}`;
}

export interface ToolsOutcome {
  /** Tools installed by this call. */
  installed: DebianTool[];
  /** Tools still missing afterwards, with the message that says what to do. */
  missing: DebianTool[];
  message?: string;
}

/**
 * Installs every missing tool of `tools` with apt (one `apt-get update`, then the packages), where we are root
 * and apt-get exists; elsewhere reports them with the command to run. Never a browser or runtime downloaded by a
 * package.
 */
export function installDebianTools(tools: readonly DebianTool[], probe: ToolProbe): ToolsOutcome {
  const absent = tools.filter((tool) => !tool.installed(probe));
  if (absent.length === 0) return { installed: [], missing: [] };
  const names = absent.map((tool) => tool.name).join(', ');
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    return {
      installed: [],
      missing: absent,
      message: `Not installed: ${names} (${absent.map((tool) => tool.usedBy).join('; ')}). Install them with "${aptCommandFor(absent)}" and run the tests again.`,
    };
  }
  console.log(`Installing with apt what the tests need: ${names}…`);
  const aptEnv = { ...probe.childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  const withRecommends = absent.filter((tool) => tool.withRecommends).flatMap((tool) => tool.packages);
  const plain = absent.filter((tool) => !tool.withRecommends).flatMap((tool) => tool.packages);
  if (run('apt-get', ['update', '-qq'], aptEnv)) {
    if (withRecommends.length > 0) run('apt-get', ['install', '-y', '-qq', ...withRecommends], aptEnv);
    if (plain.length > 0)
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plain], aptEnv);
  }
  const missing = absent.filter((tool) => !tool.installed(probe));
  return {
    installed: absent.filter((tool) => !missing.includes(tool)),
    missing,
    message:
      missing.length === 0
        ? undefined
        : `apt-get could not install ${missing.map((tool) => tool.name).join(', ')}; try "${aptCommandFor(missing).replace('sudo ', '')}" by hand.`,
  };
}
