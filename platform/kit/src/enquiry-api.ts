import { type ChildProcess, spawn } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { enquiryApi, originAt } from 'build-config/topology';
import { repoRoot } from './paths.ts';
import type { SiteSettings } from './settings/site.ts';

/** Where the API keeps its SQLite file and outbox folder: ENQUIRY_DATA_DIR, relative to the repo root. */
export function enquiryDataDir(site: Pick<SiteSettings, 'enquiryDataDir'>): string {
  return resolve(repoRoot, site.enquiryDataDir);
}

export interface RunningApi {
  url: string;
  dataDir: string;
  /** Asks the API to shut down gracefully and waits for it to exit. */
  stop(): Promise<void>;
  /** Called if the API exits without being asked to. */
  onUnexpectedExit(listener: (code: number | null) => void): void;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The enquiry API exited with code ${child.exitCode}; see its log above.`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`The enquiry API did not answer ${url}/health within ${timeoutMs / 1000} s.`);
}

/**
 * Starts the enquiry API as its own process (as it would run when deployed alone), with the embedded
 * defaults: SQLite under .data/, mails to the outbox folder unless ENQUIRY_SMTP_HOST is set. Its JSON log
 * lines go to this console. Resolves once GET /health answers.
 */
export async function startEnquiryApi(
  site: Pick<SiteSettings, 'portBase' | 'enquiryDataDir'>,
  /** The API's own environment: it is a process of its own and parses its settings itself. */
  childEnv: NodeJS.ProcessEnv,
  options: { internalPort?: number } = {},
): Promise<RunningApi> {
  // Behind a proxy (start --nginx), on loopback at an internal port, whatever ENQUIRY_HOST opens the proxy on.
  const internal = options.internalPort;
  const url = internal === undefined ? originAt(enquiryApi, site.portBase) : `http://127.0.0.1:${internal}`;
  const dataDir = enquiryDataDir(site);
  const listening =
    internal === undefined ? {} : { ENQUIRY_HOST: '127.0.0.1', ENQUIRY_PORT: String(internal) };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repoRoot, enquiryApi.folder),
    env: { ...childEnv, ...listening, ENQUIRY_DATA_DIR: dataDir },
    // The IPC channel lets the API notice when this process dies, however it dies.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopping = false;
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  try {
    await waitForHealth(url, child, 30_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    dataDir,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    onUnexpectedExit(listener) {
      void exited.then((code) => {
        if (!stopping) listener(code);
      });
    },
  };
}

export const describeDataDir = (dir: string) => relative(repoRoot, dir) || '.';
