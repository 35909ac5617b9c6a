import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  packageDir,
  postJson,
  readInbox,
  removeDir,
  startApi,
  temporaryDir,
  validEnquiry,
  waitFor,
} from './support/processes.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) removeDir(dir);
});

function newDir(prefix: string) {
  const dir = temporaryDir(prefix);
  dirs.push(dir);
  return join(dir, 'data');
}

describe('operations', () => {
  it("reports health as up or down only; the counts and the mail queue are the operator's status command", async () => {
    const dataDir = newDir('health');
    const api = await startApi({ dataDir });
    try {
      expect((await postJson(`${api.url}/send-email`, validEnquiry)).status).toBe(200);
      const response = await fetch(`${api.url}/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ ok: true, status: 'ok' });

      const status = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/enquiries.ts', 'status', '--format', 'json'],
        { cwd: packageDir, env: { ...process.env, ENQUIRY_DATA_DIR: dataDir }, encoding: 'utf8' },
      );
      expect(status.status).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({
        messages: 1,
        undelivered: 1,
        subscribers: 0,
        queue: [{ kind: 'enquiry', attempts: expect.any(Number) }],
      });
      const text = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/enquiries.ts', 'status'], {
        cwd: packageDir,
        env: { ...process.env, ENQUIRY_DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(text.stdout).toMatch(/^messages\s+1\nundelivered\s+1 \(oldest received .+\)\nsubscribers\s+0\n/);
      expect(text.stdout).toContain('mail queue');
    } finally {
      await api.stop();
    }
  });

  it('shuts down gracefully on SIGTERM: the request in flight is stored and answered, then the process exits 0', async () => {
    const api: ApiProcess = await startApi({ dataDir: newDir('shutdown') });
    const body = JSON.stringify({ ...validEnquiry, message: 'Sent while the server stops' });
    const half = Math.floor(body.length / 2);

    const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(`${api.url}/send-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      outgoing.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      outgoing.on('error', reject);
      // Half the body now, SIGTERM, then the rest: the request is in flight while the server stops.
      outgoing.write(body.slice(0, half));
      setTimeout(() => {
        api.signal('SIGTERM');
        setTimeout(() => outgoing.end(body.slice(half)), 300);
      }, 200);
    });

    const answered = await reply;
    expect(answered.status).toBe(200);
    const { id } = JSON.parse(answered.body) as { id: string };
    expect(await api.exited).toBe(0);
    expect(readInbox(api.dataDir, (inbox) => inbox.list()).map((row) => row.id)).toEqual([id]);
    const messages = api.logs().map((line) => line.msg);
    expect(messages).toContain('shutting down');
    expect(messages.at(-1)).toBe('stopped');
    // Stopped means stopped: no new connections.
    await expect(fetch(`${api.url}/health`)).rejects.toThrow();
  });

  it('logs structured JSON lines and never the message text', async () => {
    const api = await startApi({ dataDir: newDir('logs') });
    const secret = 'Confidential launch plan for the new storefront';
    try {
      const response = await fetch(`${api.url}/send-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...validEnquiry, message: secret }),
      });
      const { id } = (await response.json()) as { id: string };
      await waitFor(
        () => api.logs().some((line) => line.id === id && String(line.msg).startsWith('SMTP')),
        'the outbox log',
      );
      await fetch(`${api.url}/send-email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `{"message": "${secret}`,
      });
    } finally {
      await api.stop();
    }
    const lines = api.output.filter((line) => line.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const everything = lines.join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(validEnquiry.phone);
    expect(everything).not.toContain(validEnquiry.email);
    const stored = api.logs().find((line) => line.msg === 'message stored');
    expect(stored).toMatchObject({
      level: 'info',
      kind: 'enquiry',
      messageChars: secret.length,
      email: 'o***@handloom.example',
    });
  });

  it('refuses to start with a bad setting, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: packageDir,
      env: { ...process.env, ENQUIRY_RATE_LIMIT: 'lots', ENQUIRY_DATA_DIR: newDir('config') },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const line = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as {
      level: string;
      error: string;
    };
    expect(line.level).toBe('error');
    expect(line.error).toContain('ENQUIRY_RATE_LIMIT');
    expect(line.error).toContain('"lots"');
  });
});
