/**
 * pnpm dev <remote> --against <site url>: this remote's dev server alone, and a signed link that makes the browser
 * opening it load this remote from that dev server inside the given site (local or deployed), and no other
 * browser. The link is made by the site's release service (a key for this remote: AGENCY_RELEASE_URL and
 * AGENCY_RELEASE_KEY, or the local service), for a loopback origin only: the site's host then serves that browser
 * its shell's page, a map pointing the remote at the dev server, and a Content-Security-Policy that lets it in
 * (docs/releasing.md, "Preview links").
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CommandReply, releaseRoutes } from 'build-config/release-protocol';
import { originAt, type RemoteName, remotes } from 'build-config/topology';
import { UsageError } from 'platform-kit/cli';
import { repoRoot } from 'platform-kit/paths';
import { type ConnectionSettings, connect, type LocalService } from './connection.ts';
import { callService } from './request.ts';

/** The site's origin as given: http(s), nothing after the host. */
export function siteUrlOf(raw: string | undefined): string {
  let url: URL;
  try {
    url = new URL(raw ?? '');
  } catch {
    throw new UsageError(
      `--against takes the site's URL, such as http://localhost:3000, got "${raw ?? ''}".`,
    );
  }
  if (!/^https?:$/.test(url.protocol)) throw new UsageError(`--against takes an http(s) URL, got "${raw}".`);
  return url.origin;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Where a browser is opened on this machine; none on a server (the link is printed either way). */
function openBrowser(url: string) {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    spawn(opener, [url], { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    // No opener: the printed link is enough.
  }
}

export interface DevAgainst {
  link: string;
  devOrigin: string;
  stop(): void;
}

/**
 * The dev server's side: its port base (the dev ports, not the site's), how to run pnpm, and the environment the
 * dev server's process starts with (it reads its own ports from it, as every dev server does).
 */
export interface DevServerSettings {
  portBase: number;
  pnpm: readonly string[];
  childEnv: NodeJS.ProcessEnv;
}

/**
 * Starts the remote's dev server (`dev`), waits for its manifest, asks the release service (found with the
 * client's settings, `client`) for a link, and prints and opens it on the given site.
 */
export async function devAgainst(
  name: RemoteName,
  site: string,
  dev: DevServerSettings,
  client: ConnectionSettings,
  {
    open = true,
    out = console.log,
    local,
  }: { open?: boolean; out?: (text: string) => void; local?: LocalService } = {},
): Promise<DevAgainst> {
  const { folder } = remotes[name];
  const devOrigin = originAt(remotes[name], dev.portBase);
  const [command = 'pnpm', ...prefix] = dev.pnpm;
  const server: ChildProcess = spawn(command, [...prefix, '--filter', folder, 'dev'], {
    cwd: repoRoot,
    // Its code runs inside a production shell (build-config/remote-config.ts).
    env: { ...dev.childEnv, AGENCY_DEV_AGAINST: '1' },
    stdio: 'inherit',
    detached: true,
  });
  let failed: Error | undefined;
  server.on('error', (error) => {
    failed = new Error(`Could not start the dev server of ${folder} (${command}): ${error.message}`);
  });
  const stop = () => {
    if (server.exitCode === null && server.pid !== undefined) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
  };
  try {
    const deadline = Date.now() + 180_000;
    while (!(await answers(`${devOrigin}/mf-manifest.json`))) {
      if (failed) throw failed;
      if (server.exitCode !== null) throw new Error(`The dev server of ${folder} stopped.`);
      if (Date.now() > deadline)
        throw new Error(`The dev server of ${folder} did not answer within 3 minutes.`);
      await sleep(500);
    }
    const connection = await connect(client, local);
    let reply: CommandReply;
    try {
      reply = await callService<CommandReply>(connection, 'POST', releaseRoutes.preview(folder), {
        json: { dev: devOrigin },
      });
    } finally {
      await connection.close();
    }
    const given = reply.output.at(-1)?.text ?? '';
    // The token is the site's wherever it is opened: the link goes to the site named here.
    const link = `${site}${given.slice(given.indexOf('/__preview'))}`;
    out(
      `${folder}'s dev server is at ${devOrigin}. Open this link; that browser alone loads ${folder} from it:`,
    );
    out(link);
    if (open) openBrowser(link);
    return { link, devOrigin, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
