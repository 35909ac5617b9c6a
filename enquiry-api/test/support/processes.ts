import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabaseReadOnly } from '../../src/store/database.ts';
import { InboxReader } from '../../src/store/inbox.ts';
import type { ReceivedMail } from './smtp-sink.ts';

/** The real processes the tests drive: the API as `tsx src/main.ts`, and an SMTP server on loopback. */

export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const siteOrigin = 'http://localhost:7000';
export const smtpLogin = { user: 'agency-mailer', password: 'loopback-only-secret' };

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export function temporaryDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `enquiry-api-${prefix}-`));
}

export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, intervalMs));
  }
}

interface Spawned {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function spawnTsx(script: string, env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: packageDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    output.push(...lines);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, output, exited };
}

/** The parent's environment without any enquiry settings, so a developer's shell cannot change a test. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('ENQUIRY_') && key !== 'AGENCY_PORT_BASE'),
  );
}

export interface ApiProcess {
  url: string;
  port: number;
  dataDir: string;
  /** Every line the process printed (its JSON logs). */
  output: string[];
  logs(): Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export interface ApiOptions {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}

/** Fast timings for tests: the production defaults are seconds to minutes. */
export const fastOutbox = {
  ENQUIRY_OUTBOX_INTERVAL_MS: '100',
  ENQUIRY_RETRY_BASE_MS: '100',
  ENQUIRY_RETRY_MAX_MS: '400',
  ENQUIRY_SMTP_TIMEOUT_MS: '2000',
};

export function smtpEnv(port: number): Record<string, string> {
  return {
    ENQUIRY_SMTP_HOST: '127.0.0.1',
    ENQUIRY_SMTP_PORT: String(port),
    ENQUIRY_SMTP_USER: smtpLogin.user,
    ENQUIRY_SMTP_PASSWORD: smtpLogin.password,
    ENQUIRY_MAIL_FROM: 'Website <website@agency.example>',
    ENQUIRY_MAIL_TO: 'inbox@agency.example',
  };
}

export async function startApi(options: ApiOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const spawned = spawnTsx('src/main.ts', {
    ...cleanEnv(),
    ENQUIRY_PORT: String(port),
    ENQUIRY_HOST: '127.0.0.1',
    ENQUIRY_DATA_DIR: options.dataDir,
    ENQUIRY_ALLOWED_ORIGINS: siteOrigin,
    ENQUIRY_RATE_LIMIT: '100000',
    ENQUIRY_BEACON_RATE_LIMIT: '100000',
    ENQUIRY_SHUTDOWN_TIMEOUT_MS: '3000',
    ...fastOutbox,
    ...options.env,
  });
  const logs = () =>
    spawned.output.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const api: ApiProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir: options.dataDir,
    output: spawned.output,
    logs,
    exited: spawned.exited,
    signal: (signal) => spawned.child.kill(signal),
    async stop() {
      if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
      spawned.child.kill('SIGTERM');
      await spawned.exited;
    },
  };
  await Promise.race([
    waitFor(() => logs().some((line) => line.msg === 'listening'), 'the API to listen', 20_000),
    spawned.exited.then((code) => {
      throw new Error(`The API exited with ${code} before listening:\n${spawned.output.join('\n')}`);
    }),
  ]);
  return api;
}

export interface SmtpSink {
  port: number;
  mails(): ReceivedMail[];
  stop(): Promise<void>;
}

export async function startSmtpSink(port: number, file: string): Promise<SmtpSink> {
  const spawned = spawnTsx('test/support/smtp-sink.ts', {
    ...cleanEnv(),
    SMTP_SINK_PORT: String(port),
    SMTP_SINK_FILE: file,
    SMTP_SINK_USER: smtpLogin.user,
    SMTP_SINK_PASSWORD: smtpLogin.password,
  });
  await Promise.race([
    waitFor(() => spawned.output.includes(`ready ${port}`), 'the SMTP server to listen', 20_000),
    spawned.exited.then((code) => {
      throw new Error(`The SMTP server exited with ${code}:\n${spawned.output.join('\n')}`);
    }),
  ]);
  return {
    port,
    mails: () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as ReceivedMail)
        : [],
    async stop() {
      if (spawned.child.exitCode !== null) return;
      spawned.child.kill('SIGTERM');
      await spawned.exited;
    },
  };
}

/** Reads the API's database the way the export command does: real SQLite, read-only. */
export function readInbox<T>(dataDir: string, read: (reader: InboxReader) => T): T {
  const db = openDatabaseReadOnly(dataDir);
  try {
    return read(new InboxReader(db));
  } finally {
    db.close();
  }
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

export const validEnquiry = {
  name: 'Shop Owner',
  email: 'owner@handloom.example',
  business: 'Handloom House',
  phone: '+91 98765 43210',
  service: 'E-commerce Solutions',
  message: 'We want to sell our sarees online.',
};

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
