import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlineScriptsIndexName } from 'deploy-model/layout';
import { afterEach, describe, expect, it } from 'vitest';
import { readInlineScriptHashes, scriptHashSource, writeInlineScriptsIndex } from './inline-scripts.ts';

describe('the hashes of the pages’ inline scripts', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('hashes a script’s UTF-8 bytes as a CSP source expression', () => {
    const code = 'document.title="₹ – ok";';
    const digest = createHash('sha256').update(Buffer.from(code, 'utf8')).digest('base64');
    expect(scriptHashSource(code)).toBe(`'sha256-${digest}'`);
    expect(scriptHashSource(`${code} `)).not.toBe(scriptHashSource(code));
  });

  it('lists each script once beside the pages and reads the list back', () => {
    dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'));
    writeInlineScriptsIndex(dir, ['a()', 'b()', 'a()']);
    expect(readInlineScriptHashes(dir)).toEqual([scriptHashSource('a()'), scriptHashSource('b()')]);
  });

  it('allows nothing from a missing or broken list, and only SHA-256 sources from a tampered one', () => {
    dir = mkdtempSync(join(tmpdir(), 'inline-scripts-'));
    expect(readInlineScriptHashes(dir)).toEqual([]);
    writeFileSync(join(dir, inlineScriptsIndexName), '{ not json');
    expect(readInlineScriptHashes(dir)).toEqual([]);
    const good = scriptHashSource('a()');
    writeFileSync(
      join(dir, inlineScriptsIndexName),
      JSON.stringify({ hashes: [good, "'unsafe-inline'", 'https://evil.example', 42] }),
    );
    expect(readInlineScriptHashes(dir)).toEqual([good]);
  });
});
