import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataDirFrom, loadConfig, operatorFolder } from './runtime/config.ts';

const sourceDir = fileURLToPath(new URL('.', import.meta.url));
const settingsTable = fileURLToPath(new URL('../../docs/settings.md', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** An environment that records every variable asked for, with SMTP set so that its variables are asked too. */
function recordingEnvironment() {
  const asked = new Set<string>();
  const values: NodeJS.ProcessEnv = { ENQUIRY_SMTP_HOST: 'smtp.mail.example' };
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') asked.add(name);
      return target[name as string];
    },
  });
  return { env, asked };
}

/**
 * The variables in the first column of docs/settings.md's one table whose process column names the enquiry API
 * or `pnpm enquiries` (the platform's rows are held by platform/cli/src/settings.test.ts).
 */
function documentedVariables(): string[] {
  const text = readFileSync(settingsTable, 'utf8');
  return [...text.matchAll(/^\|\s*`([A-Za-z_]+)`\s*\|([^|]*)\|/gm)]
    .filter((match) => /enquiry API|pnpm enquiries/.test(match[2] ?? ''))
    .map((match) => match[1] ?? '');
}

describe('the settings module', () => {
  it('is the only module of the package that reads the environment', () => {
    const needle = ['process', 'env'].join('.');
    const readers = sourceFiles(sourceDir)
      .filter((file) => readFileSync(file, 'utf8').includes(needle))
      .map((file) => relative(sourceDir, file));
    expect(readers).toEqual(['runtime/config.ts']);
  });

  it('reads exactly the variables docs/settings.md lists for the enquiry API', () => {
    const { env, asked } = recordingEnvironment();
    loadConfig(env);
    dataDirFrom(env);
    operatorFolder(env);
    expect([...asked].sort()).toEqual([...documentedVariables()].sort());
  });
});
