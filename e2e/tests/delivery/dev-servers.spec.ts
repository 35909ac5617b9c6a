import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { originOf, remoteNames, remotes, shell } from 'build-config/topology';
import { repoRoot } from './isolated-site.ts';

/**
 * `pnpm dev` on a fresh start, as a new team member runs it: the shell composes every remote from its dev server
 * at once (nobody has opened a remote's own page first), on ports of its own (the suite's base + 300) and with an
 * API data folder of its own.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 300),
  ENQUIRY_DATA_DIR: join(repoRoot, '.data', 'e2e-dev-api'),
  ENQUIRY_LOG_LEVEL: 'warn',
};
const origin = originOf(shell, env);

let dev: ChildProcess | undefined;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

test.describe('', { tag: ['@composition'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(env.ENQUIRY_DATA_DIR ?? '', { recursive: true, force: true });
    let output = '';
    dev = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['platform/cli/src/main.ts', 'dev'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    dev.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    dev.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const manifests = remoteNames.map((name) => `${originOf(remotes[name], env)}/mf-manifest.json`);
    const deadline = Date.now() + 150_000;
    for (const url of [origin, ...manifests]) {
      while (!(await answers(url))) {
        if (dev.exitCode !== null) throw new Error(`pnpm dev stopped:\n${output}`);
        if (Date.now() > deadline) throw new Error(`${url} did not answer within 150 s:\n${output}`);
        await new Promise((done) => setTimeout(done, 500));
      }
    }
  });

  test.afterAll(async () => {
    if (dev?.pid === undefined || dev.exitCode !== null) return;
    const exited = new Promise((done) => dev?.once('exit', done));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
    rmSync(env.ENQUIRY_DATA_DIR ?? '', { recursive: true, force: true });
  });

  test('every remote’s dev manifest shares what the shell lends from the start', async () => {
    for (const name of remoteNames) {
      const manifest = (await (await fetch(`${originOf(remotes[name], env)}/mf-manifest.json`)).json()) as {
        shared: { name: string }[];
      };
      expect(manifest.shared.map((shared) => shared.name).sort(), name).toEqual(
        expect.arrayContaining(['react', 'react-dom']),
      );
    }
  });

  test('the dev shell composes every remote on a fresh start', async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await page.goto(`${origin}/portfolio`);
    await expect(page.getByRole('heading', { name: 'Our Portfolio', level: 1 })).toBeVisible({
      timeout: 60_000,
    });
    await page.goto(`${origin}/contact`);
    await expect(page.getByRole('button', { name: /send/i }).first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('This section could not be loaded')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
