/**
 * Serves a deploy folder with Debian's nginx on the ports serveDeploy (site.ts) would use: the configuration
 * and njs module generated into <deploy>/nginx/ with nginx's pid, logs and temporary files, nginx run as a
 * child in the foreground (`-g 'daemon off;'`) and stopped by its own PID.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { enquiryApi, portAt } from 'build-config/topology';
import { stagingDeployDir } from 'deploy-model/layout';
import { debianTool, nginxBinary } from 'platform-kit/debian-tools';
import { run } from 'platform-kit/run';
import { type NginxSettings, type ServiceAddresses, stagingHostSide } from 'platform-kit/settings/hosts';
import type { NginxModel } from './config.ts';
import { deployFolder, deployOwner, type NginxOptions, writeNginxFiles } from './site-model.ts';

export { nginxBinary };

const nginxTool = debianTool('nginx');
export const aptInstallCommand = `apt-get install -y --no-install-recommends ${nginxTool.packages.join(' ')}`;

/** nginx and the two dynamic modules the configuration loads (platform-kit's table of Debian tools). */
export const nginxInstalled = () => nginxTool.installed({ chromePath: undefined, childEnv: {} });

const notInstalled = () =>
  new Error(
    `nginx is not installed: install it (Debian or Ubuntu) with "sudo ${aptInstallCommand}", then start again.`,
  );

/**
 * Installs Debian's nginx with its js and brotli_static modules (and the njs CLI the tests check the module
 * with) when missing, as root where apt-get exists; anywhere else throws, saying the exact command. apt-get runs
 * in `childEnv` (the process's own: its PATH) with DEBIAN_FRONTEND=noninteractive.
 */
export function ensureNginx(childEnv: NodeJS.ProcessEnv): void {
  if (nginxInstalled()) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) throw notInstalled();
  console.log('Installing Debian nginx with its js and brotli_static modules…');
  const aptEnv = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  const [command, ...args] = aptInstallCommand.split(' ') as [string, ...string[]];
  if (!run('apt-get', ['update', '-qq'], aptEnv) || !run(command, args, aptEnv) || !nginxInstalled())
    throw new Error(`apt-get could not install nginx; try "${aptInstallCommand}" by hand.`);
}

export interface RunningNginx {
  pid: number;
  stop(): Promise<void>;
  /** Resolves when nginx has exited, asked to or not (start.ts stops the site if nginx stops on its own). */
  exited: Promise<void>;
}

/** nginx's folder in a deploy: configuration, njs module, pid, logs, temporary files. */
export const nginxDir = (deploy: string) => join(deploy, 'nginx');

function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The nginx already serving this deploy, if one is (its pid file names a live process). */
function runningPid(pidFile: string): number | undefined {
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pidRunning(pid) ? pid : undefined;
}

/** nginx's bind failure, as the embedded host words it. */
function startFailure(stderr: string): Error {
  const busy = /bind\(\) to \S+:(\d+) failed \(98: Address already in use\)/.exec(stderr);
  if (busy)
    return new Error(`Port ${busy[1]} is already in use: stop the other server or set AGENCY_PORT_BASE`);
  const lines = stderr.trim().split('\n').slice(-5).join('\n');
  return new Error(`nginx did not start:\n${lines}`);
}

const answers = (port: number, address: string) =>
  new Promise<boolean>((done) => {
    const socket = connect({ port, host: address.replace(/^\[|\]$/g, '') });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/**
 * Waits until nginx has bound every port (its master writes the pid file only after that) and every port
 * answers; throws what nginx said if it exits first (a port another server holds answers too, so answering
 * alone proves nothing: nginx retries a busy port for seconds before it gives up).
 */
async function waitUntilListening(
  child: ChildProcess,
  model: NginxModel,
  stderr: () => string,
  exited: Promise<void>,
) {
  const listening = [
    ...model.sites.map(({ port }) => ({ port, addresses: model.addresses })),
    ...(model.upstreams ?? []).map(({ port, addresses }) => ({ port, addresses })),
  ];
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (gone) throw startFailure(stderr());
    if (runningPid(model.files.pidFile) === child.pid) {
      const checks = listening.flatMap(({ port, addresses }) =>
        addresses.map((address) => answers(port, address)),
      );
      if ((await Promise.all(checks)).every(Boolean)) return;
    }
    await sleep(50);
  }
  throw new Error(
    `nginx did not listen on ports ${listening.map(({ port }) => port).join(', ')} within 20 s; see ${model.files.errorLog}`,
  );
}

/** nginx's worker processes (their parent is the master), read from /proc. */
function workersOf(master: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent's PID is the fourth field, after the command name in parentheses.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Stops nginx by its own PID: SIGQUIT lets requests in flight finish; SIGTERM after a bound; SIGKILL last,
 * to the master and each of its workers by PID (a killed master leaves its workers serving on their own).
 */
async function stopNginx(child: ChildProcess, exited: Promise<void>, graceful: boolean) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const pid = child.pid as number;
  const within = (ms: number) => Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);
  if (graceful) {
    process.kill(pid, 'SIGQUIT');
    if (await within(gracefulStopMs)) return;
  }
  process.kill(pid, 'SIGTERM');
  if (await within(3000)) return;
  const workers = workersOf(pid);
  process.kill(pid, 'SIGKILL');
  for (const worker of workers) process.kill(worker, 'SIGKILL');
  await exited;
}

/** How long a graceful stop (SIGQUIT: requests in flight finish) may take before SIGTERM, then SIGKILL. */
const gracefulStopMs = 10_000;

/**
 * nginx serving `deploy` by the settings its entry parsed (platform-kit/settings/hosts' nginxSettings), with the
 * services behind it when `upstreams` says where (upstreamSettings). nginx must be installed: the entry installs
 * it first where it may (ensureNginx), before anything is built.
 */
export async function serveDeployWithNginx(
  deploy: string,
  settings: NginxSettings,
  options: Pick<NginxOptions, 'upstreams'> = {},
): Promise<RunningNginx> {
  if (!nginxInstalled()) throw notInstalled();
  const absolute = deployFolder(deploy);
  const dir = nginxDir(absolute);
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, 'nginx.pid');
  const already = runningPid(pidFile);
  if (already !== undefined)
    throw new Error(
      `nginx (pid ${already}) already serves ${absolute}: stop it first (kill -QUIT ${already}), or serve another deploy folder.`,
    );
  const { configFile, model } = await writeNginxFiles(absolute, dir, settings, {
    user: process.getuid?.() === 0 ? deployOwner(absolute) : undefined,
    upstreams: options.upstreams,
  });
  const child = spawn(
    nginxBinary,
    ['-p', `${dir}/`, '-e', model.files.errorLog, '-c', configFile, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    await waitUntilListening(child, model, () => stderr, exited);
  } catch (error) {
    await stopNginx(child, exited, false);
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    pid: child.pid as number,
    exited,
    stop() {
      stopped ??= stopNginx(child, exited, true);
      return stopped;
    },
  };
}

/**
 * Staging's nginx (AGENCY_STAGING=on: docs/releasing.md#staging): a master of its own for staging's deploy folder
 * (<deploy>/staging) on staging's ports, its configuration, njs modules and logs in <deploy>/staging/nginx/. No
 * service behind it (they are production's): its preview links work, the page devtools' session paths do not.
 */
export const serveStagingWithNginx = (deploy: string, settings: NginxSettings) =>
  serveDeployWithNginx(stagingDeployDir(deployFolder(deploy)), stagingHostSide(settings));

/**
 * The services behind nginx: it listens where each would listen on its own (ENQUIRY_HOST and the API's port;
 * AGENCY_RELEASE_HOST and the release service's port: loopback unless their operator says otherwise, whatever
 * AGENCY_HOST opens for the static hosts: platform-kit/settings/hosts' serviceAddresses) and passes to the
 * internal URLs given.
 */
export function upstreamSettings(
  upstreams: { enquiryApi: string; releaseService: string },
  addresses: ServiceAddresses,
): NonNullable<NginxOptions['upstreams']> {
  const release = addresses.releaseService;
  return {
    enquiryApi: {
      // The API's own default when ENQUIRY_HOST is unset (enquiry-api/src/runtime/config.ts).
      host: addresses.enquiryHost,
      port: portAt(enquiryApi, addresses.portBase),
      url: upstreams.enquiryApi,
    },
    releaseService: { host: release.host, port: release.port, url: upstreams.releaseService },
  };
}
