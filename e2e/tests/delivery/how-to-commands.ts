/**
 * What the how-to walk (how-to-walk.spec.ts) needs beside its steps: the commands a guide's `sh` blocks hold, and
 * a command run in a clone the way a terminal runs it (bash, its own process group, output kept), in the
 * foreground or in the background until a line says it is ready.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A fenced block's lines, its indentation (a block inside a numbered list) taken off. */
function blocks(markdown: string, language: string): string[][] {
  const found: string[][] = [];
  let open: { indent: number; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    const fence = /^( *)```(\S*)\s*$/.exec(line);
    if (fence && !open && fence[2] === language) open = { indent: fence[1]?.length ?? 0, lines: [] };
    else if (fence && open) {
      found.push(open.lines);
      open = undefined;
    } else if (open) open.lines.push(line.slice(open.indent));
  }
  return found;
}

/**
 * Every command of a guide's `sh` blocks, in order: a line continued with `\` joined to the next, a trailing
 * `# comment` taken off, blank lines left out.
 */
export function guideCommands(markdown: string): string[] {
  return blocks(markdown, 'sh').flatMap((lines) =>
    lines
      .join('\n')
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+#\s.*$/, '').trim())
      .filter(Boolean),
  );
}

/** The text of a guide's `ts` blocks, in order (the code a guide tells the reader to write). */
export function guideCode(markdown: string, language = 'ts'): string[] {
  return blocks(markdown, language).map((lines) => lines.join('\n'));
}

export const readGuide = (repoRoot: string, name: string) =>
  readFileSync(join(repoRoot, 'docs', 'how-to', `${name}.md`), 'utf8');

export interface Ran {
  status: number | null;
  output: string;
}

/**
 * `command` run by bash in `cwd`, as typed in a terminal, in a process group of its own (so that a stop reaches
 * what it started too), with its stdout and stderr gathered as one terminal would show them.
 */
function spawnInShell(command: string, cwd: string, env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn('bash', ['-c', command], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** Runs `command` as typed in a terminal and resolves with its exit status and output. */
export function run(command: string, cwd: string, env: NodeJS.ProcessEnv, timeout = 600_000): Promise<Ran> {
  return new Promise((resolve) => {
    const { child, output } = spawnInShell(command, cwd, env);
    let stopped = '';
    const timer = setTimeout(() => {
      stopped = `\n(stopped after ${timeout / 1000} s)`;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }, timeout);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output: output() + stopped });
    });
  });
}

export interface Background {
  output: () => string;
  /** Ctrl+C, as a guide says: SIGINT to the command's process group; resolves once it has exited. */
  stop: () => Promise<void>;
}

/** Starts `command` in the background and resolves once `ready` holds for its output. */
export async function start(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  ready: (output: string) => boolean | Promise<boolean>,
  within = 240_000,
): Promise<Background> {
  const { child, output } = spawnInShell(command, cwd, env);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // Gone already.
      }
    }
  };
  const stop = async () => {
    signal('SIGINT');
    const late = setTimeout(() => signal('SIGKILL'), 20_000);
    await exited;
    clearTimeout(late);
  };
  const deadline = Date.now() + within;
  while (!(await ready(output()))) {
    if (child.exitCode !== null) throw new Error(`\`${command}\` stopped before it was ready:\n${output()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`\`${command}\` was not ready within ${within / 1000} s:\n${output()}`);
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return { output, stop };
}
