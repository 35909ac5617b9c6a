import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type KeyCommand, runKeyCommand } from './key-command.ts';
import {
  authenticate,
  ensureOperatorKey,
  hashKey,
  KeyError,
  keysFile,
  operatorKeyFile,
  readKeys,
} from './keys.ts';

let deploy: string;
let printed: string[];
/** What pnpm release key <…> asks for (the command line reads it: platform/cli/src/release-key.test.ts). */
const run = (command: KeyCommand) => {
  printed = [];
  runKeyCommand(command, { deploy, out: (text) => printed.push(...text.split('\n')) });
  return printed;
};

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'release-keys-'));
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('pnpm release key', () => {
  it('creates a key for one remote, printed alone on the last line, and stores only its SHA-256', () => {
    const lines = run({ action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' });
    const key = lines.at(-1) ?? '';
    expect(key).toMatch(/^agrk_[\w-]{43}$/);
    expect(lines.slice(0, -1).join('\n')).not.toContain(key);
    expect(lines[0]).toContain('Created the key "portfolio-ci" for mf-portfolio');
    const stored = readFileSync(keysFile(deploy), 'utf8');
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(5, 20));
    expect(readKeys(deploy)).toEqual([
      { name: 'portfolio-ci', scope: 'mf-portfolio', sha256: hashKey(key), createdAt: expect.any(String) },
    ]);
    expect(statSync(keysFile(deploy)).mode & 0o777).toBe(0o600);
    expect(authenticate(deploy, `Bearer ${key}`)).toEqual({ name: 'portfolio-ci', scope: 'mf-portfolio' });
  });

  it('names a key after its scope when no name is given, and makes a new key each time', () => {
    const first = run({ action: 'create', scope: 'shell' }).at(-1);
    const second = run({ action: 'create', scope: 'shell' }).at(-1);
    expect(first).not.toBe(second);
    expect(readKeys(deploy).map(({ name, scope }) => [name, scope])).toEqual([
      ['shell-1', 'shell'],
      ['shell-2', 'shell'],
    ]);
  });

  it('lists name, scope, creation and state, never a key; revoke refuses the key at once and keeps its name', () => {
    const key = run({ action: 'create', scope: 'mf-contact', name: 'contact-ci' }).at(-1) ?? '';
    run({ action: 'create', scope: 'mf-marketing' });
    const listed = run({ action: 'list' }).join('\n');
    expect(listed).toMatch(/contact-ci\s+mf-contact\s+\S+Z\s+active/);
    expect(listed).toMatch(/mf-marketing-1\s+mf-marketing\s+\S+Z\s+active/);
    expect(listed).not.toContain(key);
    expect(listed).not.toContain(hashKey(key));

    expect(run({ action: 'revoke', name: 'contact-ci' })[0]).toMatch(
      /^Revoked the key "contact-ci" \(mf-contact\) at \S+Z/,
    );
    expect(authenticate(deploy, `Bearer ${key}`)).toBeUndefined();
    expect(run({ action: 'list' }).join('\n')).toMatch(/contact-ci\s+mf-contact\s+\S+Z\s+revoked \S+Z/);
    expect(() => run({ action: 'create', scope: 'mf-contact', name: 'contact-ci' })).toThrow(
      /exists already/,
    );
  });

  it('refuses an unknown scope, a taken or reserved name, an unknown name and a second revoke, changing nothing', () => {
    run({ action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' });
    const before = readFileSync(keysFile(deploy), 'utf8');
    expect(() => run({ action: 'create', scope: 'mf-blog' })).toThrow(
      new KeyError(
        'Unknown scope "mf-blog": a key is for one of mf-marketing, mf-portfolio, mf-contact, shell.',
      ),
    );
    expect(() => run({ action: 'create', scope: undefined })).toThrow(KeyError);
    expect(() => run({ action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' })).toThrow(
      'A key named "portfolio-ci" exists already',
    );
    for (const name of ['operator', 'automatic', 'Has Spaces', '../x'])
      expect(() => run({ action: 'create', scope: 'mf-portfolio', name: name }), name).toThrow(
        /cannot name a key/,
      );
    expect(() => run({ action: 'revoke', name: 'nobody' })).toThrow(
      'No key is named "nobody"; the keys are: portfolio-ci.',
    );
    expect(readFileSync(keysFile(deploy), 'utf8')).toBe(before);
    run({ action: 'revoke', name: 'portfolio-ci' });
    expect(() => run({ action: 'revoke', name: 'portfolio-ci' })).toThrow(/was revoked already/);
  });
});

describe('the operator key', () => {
  it('is created once, mode 0600, and may change everything', () => {
    const key = ensureOperatorKey(deploy);
    expect(ensureOperatorKey(deploy)).toBe(key);
    expect(statSync(operatorKeyFile(deploy)).mode & 0o777).toBe(0o600);
    expect(authenticate(deploy, `Bearer ${key}`)).toEqual({ name: 'operator', scope: 'all' });
  });

  it('refuses what is not a key: no header, another scheme, a prefix of a key, an empty key', () => {
    const key = ensureOperatorKey(deploy);
    for (const header of [
      undefined,
      '',
      `Basic ${key}`,
      `Bearer ${key.slice(0, -1)}`,
      'Bearer ',
      `Bearer ${key} x`,
    ])
      expect(authenticate(deploy, header), String(header)).toBeUndefined();
  });
});
