/**
 * pnpm release key's words read into the command (release-key.ts); what each command does to the keys is in
 * releases' release-service/keys.test.ts, whose refusals of a bad form moved here with the reading.
 */
import { UsageError } from 'platform-kit/cli';
import { describe, expect, it } from 'vitest';
import { keyCommandOf } from './release-key.ts';

const run = (...argv: string[]) => {
  const nameAt = argv.indexOf('--name');
  const words = nameAt === -1 ? argv : argv.slice(0, nameAt);
  return keyCommandOf(words, nameAt === -1 ? {} : { name: argv[nameAt + 1] as string });
};

describe('pnpm release key', () => {
  it('reads create, list and revoke', () => {
    expect(run('create', 'mf-portfolio', '--name', 'portfolio-ci')).toEqual({
      action: 'create',
      scope: 'mf-portfolio',
      name: 'portfolio-ci',
    });
    expect(run('create', 'shell')).toEqual({ action: 'create', scope: 'shell' });
    expect(run('list')).toEqual({ action: 'list' });
    expect(run('revoke', 'contact-ci')).toEqual({ action: 'revoke', name: 'contact-ci' });
  });

  it.each([
    [['rotate'], 'Unknown key command "rotate".'],
    [['list', 'extra'], 'key list takes no arguments.'],
    [['revoke'], 'Name the key to revoke (pnpm release key list shows them).'],
    [[], 'Say what to do: key create, key list or key revoke.'],
    [['list', '--name', 'x'], 'key list takes no --name.'],
    [['create', 'shell', 'more', 'words'], 'Too many arguments: create shell more words.'],
  ])('refuses %j', (argv, message) => {
    expect(() => run(...argv)).toThrow(UsageError);
    expect(() => run(...argv)).toThrow(message);
  });
});
