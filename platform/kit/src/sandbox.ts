/**
 * A sandbox for code the host did not write (a team's build, run by the release gates and the prerender): its
 * own process, a minimal explicit environment (no secret), its own scratch folder, a time and a memory limit,
 * and, where the platform gives them:
 * - Node's permission model (--experimental-permission), for a Node worker (`run`): it reads only its own
 *   bundle and the folders it is given, writes only its scratch folder's home, starts no process and no worker
 *   thread. The worker is bundled with esbuild first, because tsx's loader needs a worker thread the model
 *   forbids, and so that it reads nothing of the checkout;
 * - a network namespace (`unshare --net`: as root, or as a user where user namespaces are allowed) with no
 *   interface up: no network at all; for `run` a PID namespace too, so a timeout ends every process it started;
 * - as root (CI, a production host), the unprivileged user nobody (65534), with no capabilities and no new
 *   privileges (setpriv); the files it reads are copies readable by anyone, its home is its own.
 * A browser (`confine`) gets the same user, namespace and environment, not Node's model: its driver stays
 * outside, serves it the build by request interception and reads its results.
 * Where there is no namespace (no unshare, no user namespaces), the process still has the network.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { repoRoot } from './paths.ts';

/** The unprivileged user (and group) code runs as when the host is root. */
export const sandboxUser = 65534;

export interface SandboxRun {
  /** The worker's TypeScript file, bundled (with its imports) into the sandbox's code folder before it runs. */
  worker: string;
  args: readonly string[];
  /** The settings it is given by name; nothing else of the host's environment reaches it. */
  settings?: Record<string, string | undefined>;
  timeoutMs: number;
  memoryMb: number;
  maxBuffer: number;
}

export interface Sandbox {
  /** The scratch folder: `view` (what it reads, copied in by the caller) and `home` (what it may write). */
  dir: string;
  view: string;
  home: string;
  /** Runs a Node worker under Node's permission model, with no network. */
  run(options: SandboxRun): SpawnSyncReturns<string>;
  /**
   * An executable script that runs `program` (a browser) confined as `run` is but without Node's model: its own
   * user, a network namespace with no interface up (a browser driven over a pipe and served by request
   * interception needs none), an environment of its own, its home in the sandbox's. For a driver that asks for
   * a path to the browser it starts (Playwright's executablePath).
   */
  confine(program: string): string;
  /** A text from the sandbox with its own and the checkout's paths replaced, for a reply to a team. */
  hide(text: string): string;
  remove(): void;
}

const isRoot = () => process.getuid?.() === 0;

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

/**
 * What the sandbox holds on this host, in one sentence for the operator (the release service prints it when it
 * starts): the permission model always; the network and the user where the platform gives them.
 */
export function sandboxSummary(): string {
  const held = ["Node's permission model"];
  const missing: string[] = [];
  if (namespaceArgs() === null)
    missing.push(
      'no network namespace can be made here, so team code still has the network (docs/deployment.md)',
    );
  else held.push('no network (a namespace of its own)');
  held.push(isRoot() ? `the user nobody (${sandboxUser})` : "the service's own user");
  return `Team code runs in a sandbox: ${held.join(', ')}${missing.length > 0 ? `; but ${missing.join('; ')}` : ''}.`;
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

const pidOnly = new Set(['--pid', '--fork', '--kill-child']);

const rootDrop = [`--reuid=${sandboxUser}`, `--regid=${sandboxUser}`, '--clear-groups'];

/** setpriv's words: as root, to the unprivileged user; always no new privileges and no capabilities. */
const dropRights = () => [
  'setpriv',
  ...(isRoot() ? rootDrop : []),
  '--no-new-privs',
  '--inh-caps=-all',
  '--bounding-set=-all',
  '--',
];

const shellQuote = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;

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

  const baseEnv: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    TMPDIR: join(home, 'tmp'),
    LANG: 'C.UTF-8',
    NODE_ENV: 'production',
  };

  function run(options: SandboxRun): SpawnSyncReturns<string> {
    const childEnv = { ...baseEnv };
    for (const [name, value] of Object.entries(options.settings ?? {}))
      if (value !== undefined) childEnv[name] = value;
    const entry = bundle(options.worker, code);
    const command = [
      process.execPath,
      `--max-old-space-size=${options.memoryMb}`,
      '--disable-warning=ExperimentalWarning',
      '--experimental-permission',
      `--allow-fs-read=${code}`,
      `--allow-fs-read=${view}`,
      `--allow-fs-read=${home}`,
      `--allow-fs-write=${home}`,
      entry,
      ...options.args,
    ];
    const spawnOptions = {
      cwd: home,
      env: childEnv,
      encoding: 'utf8' as const,
      maxBuffer: options.maxBuffer,
      timeout: options.timeoutMs,
      killSignal: 'SIGKILL' as const,
    };
    const inNamespace = namespaceArgs();
    if (inNamespace === null) {
      // No namespace here: the permission model and, as root, the user still hold; the network does not.
      return spawnSync(command[0] as string, command.slice(1), {
        ...spawnOptions,
        ...(isRoot() ? { uid: sandboxUser, gid: sandboxUser } : {}),
      });
    }
    // sh stays PID 1 of the namespace (not exec'd), so killing unshare at the timeout ends every process in it.
    return spawnSync(
      'unshare',
      [...inNamespace, '--', '/bin/sh', '-c', '"$@"; exit $?', 'sandbox', ...dropRights(), ...command],
      spawnOptions,
    );
  }

  function confine(program: string): string {
    const script = join(code, 'confined');
    const env = Object.entries(baseEnv).map(([name, value]) => shellQuote(`${name}=${value}`));
    const inNamespace = namespaceArgs();
    const words = [
      // Whatever environment the driver passes, the program gets only the sandbox's.
      'env',
      '-i',
      ...env,
      // Only the network namespace: unshare then execs the browser itself, the process its driver stops.
      ...(inNamespace === null ? [] : ['unshare', ...inNamespace.filter((arg) => !pidOnly.has(arg)), '--']),
      ...dropRights(),
      program,
    ];
    writeFileSync(
      script,
      `#!/bin/sh\ncd ${shellQuote(home)} || exit 1\nexec ${words.map(shellQuote).join(' ')} "$@"\n`,
      {
        mode: 0o755,
      },
    );
    return script;
  }

  const hide = (text: string) => text.split(dir).join('<sandbox>').split(repoRoot).join('<checkout>');

  return { dir, view, home, run, confine, hide, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
