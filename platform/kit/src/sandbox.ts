/**
 * A sandbox for code the host did not write (a team's build, run by the release gates and the prerender): its
 * own process, a minimal explicit environment (no secret), its own scratch folder, a time and a memory limit,
 * and, where the platform gives them:
 * - Node's permission model (--experimental-permission): it reads only its own bundle and the folders it is
 *   given, writes only its scratch folder's home, starts no process and no worker thread. The worker is
 *   bundled with esbuild first, because tsx's loader needs a worker thread the model forbids;
 * - a network namespace (`unshare --net`: as root, or as a user where user namespaces are allowed): no network
 *   at all, or its own loopback only; a PID namespace, so a timeout ends every process it started;
 * - as root (CI), the unprivileged user nobody (65534), with no capabilities and no new privileges (setpriv).
 * Where there is no namespace (no unshare, no user namespaces), the process still has the network.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { repoRoot } from './paths.ts';

/** The unprivileged user (and group) code runs as when the host is root. */
export const sandboxUser = 65534;

export interface SandboxRun {
  /** The worker's file; TypeScript is bundled (permissions) or run through tsx (no permissions). */
  worker: string;
  args: readonly string[];
  /** The settings it is given by name; nothing else of the host's environment reaches it. */
  settings?: Record<string, string | undefined>;
  timeoutMs: number;
  memoryMb: number;
  maxBuffer: number;
  /** 'none' where a namespace is available; 'loopback': its own loopback only (a browser and its server). */
  network: 'none' | 'loopback';
  /**
   * Node's permission model: on for code that runs a team's Node build. Off only for a process that must start
   * a browser (the Chromium gate), which is confined by its user, namespace and the browser's own rules.
   */
  nodePermissions: boolean;
  /** The loader to run a TypeScript worker with when nodePermissions is off (tsx's). */
  loader?: string;
}

export interface Sandbox {
  /** The scratch folder: `view` (what it reads, copied in by the caller) and `home` (what it may write). */
  dir: string;
  view: string;
  home: string;
  run(options: SandboxRun): SpawnSyncReturns<string>;
  /** A text from the sandbox with its own and the checkout's paths replaced, for a reply to a team. */
  hide(text: string): string;
  remove(): void;
}

const isRoot = () => process.getuid?.() === 0;
const ipCommand = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((file) => existsSync(file));

let namespaces: string[] | null | undefined;
/** unshare's arguments for a network and PID namespace, or null where neither can be made. Probed once. */
function namespaceArgs(): string[] | null {
  if (namespaces !== undefined) return namespaces;
  const args = [
    ...(isRoot() ? [] : ['--user', '--map-root-user']),
    '--net',
    '--pid',
    '--fork',
    '--kill-child',
  ];
  const probe = spawnSync('unshare', [...args, 'true'], { stdio: 'ignore', timeout: 10_000 });
  namespaces = probe.status === 0 ? args : null;
  return namespaces;
}

/** A bundle of the worker (one ESM file, its imports inlined), written where the sandbox may read it. */
function bundle(worker: string, dir: string): string {
  const outfile = join(dir, 'worker.mjs');
  buildSync({
    entryPoints: [worker],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    // Some of its packages are CommonJS that call require: give the bundle one.
    banner: {
      js: "import { createRequire as __sandboxRequire } from 'node:module'; const require = __sandboxRequire(import.meta.url);",
    },
  });
  chmodSync(outfile, 0o644);
  return outfile;
}

/** A new sandbox with an empty scratch folder; remove() deletes it. */
export function openSandbox(prefix: string): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  // Readable by the unprivileged user, writable only in home.
  chmodSync(dir, 0o755);
  const view = join(dir, 'view');
  const home = join(dir, 'home');
  const code = join(dir, 'code');
  mkdirSync(view, { mode: 0o755 });
  mkdirSync(code, { mode: 0o755 });
  mkdirSync(home, { mode: 0o700 });
  mkdirSync(join(home, 'tmp'), { mode: 0o700 });
  if (isRoot()) {
    chownSync(home, sandboxUser, sandboxUser);
    chownSync(join(home, 'tmp'), sandboxUser, sandboxUser);
  }

  function run(options: SandboxRun): SpawnSyncReturns<string> {
    const childEnv: Record<string, string> = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      HOME: home,
      TMPDIR: join(home, 'tmp'),
      LANG: 'C.UTF-8',
      NODE_ENV: 'production',
    };
    for (const [name, value] of Object.entries(options.settings ?? {}))
      if (value !== undefined) childEnv[name] = value;
    const node = [`--max-old-space-size=${options.memoryMb}`, '--disable-warning=ExperimentalWarning'];
    if (options.nodePermissions) {
      const entry = bundle(options.worker, code);
      node.push(
        '--experimental-permission',
        `--allow-fs-read=${code}`,
        `--allow-fs-read=${view}`,
        `--allow-fs-read=${home}`,
      );
      node.push(`--allow-fs-write=${home}`, entry);
    } else {
      node.push(...(options.loader ? ['--import', options.loader] : []), options.worker);
    }
    const command = [process.execPath, ...node, ...options.args];
    const inNamespace = namespaceArgs();
    const loopbackUp = options.network === 'loopback';
    const useNamespace = inNamespace !== null && (!loopbackUp || ipCommand !== undefined);
    const asUser = isRoot()
      ? ['setpriv', `--reuid=${sandboxUser}`, `--regid=${sandboxUser}`, '--clear-groups']
      : ['setpriv'];
    asUser.push('--no-new-privs', '--inh-caps=-all', '--bounding-set=-all', '--');
    const spawnOptions = {
      cwd: home,
      env: childEnv,
      encoding: 'utf8' as const,
      maxBuffer: options.maxBuffer,
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL' as const,
    };
    if (!useNamespace) {
      if (isRoot()) {
        return spawnSync(command[0] as string, command.slice(1), {
          ...spawnOptions,
          uid: sandboxUser,
          gid: sandboxUser,
        });
      }
      return spawnSync(command[0] as string, command.slice(1), spawnOptions);
    }
    // sh stays PID 1 of the namespace (not exec'd), so killing unshare at the timeout ends every process in it.
    const script = `${loopbackUp ? `${ipCommand} link set lo up || exit 97; ` : ''}"$@"; code=$?; exit $code`;
    return spawnSync(
      'unshare',
      [...inNamespace, '--', '/bin/sh', '-c', script, 'sandbox', ...asUser, ...command],
      spawnOptions,
    );
  }

  const hide = (text: string) => text.split(dir).join('<sandbox>').split(repoRoot).join('<checkout>');

  return { dir, view, home, run, hide, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
