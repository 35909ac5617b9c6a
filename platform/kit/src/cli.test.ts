import { describe, expect, it } from 'vitest';
import { refuseFlags, resolveRemote, UsageError } from './cli.ts';

describe('resolveRemote', () => {
  it('takes a remote by its folder or its federation name', () => {
    expect(resolveRemote('mf-marketing')).toBe('mf_marketing');
    expect(resolveRemote('mf_contact')).toBe('mf_contact');
  });

  it.each([
    [undefined, 'Name the remote: one of mf-marketing, mf-portfolio, mf-contact.'],
    ['mf-blog', 'Unknown remote "mf-blog". Choose one of: mf-marketing, mf-portfolio, mf-contact.'],
    ['shell', /The shell is not a remote/],
  ])('explains a bad remote %s', (argument, message) => {
    expect(() => resolveRemote(argument)).toThrow(UsageError);
    expect(() => resolveRemote(argument)).toThrow(message);
  });
});

describe('refuseFlags', () => {
  it('names the flags a form of a command does not take', () => {
    expect(() => refuseFlags({ once: true, help: undefined }, ['once'], 'watch')).not.toThrow();
    expect(() => refuseFlags({ reason: 'x', force: true }, [], 'promote')).toThrow(
      new UsageError('promote takes no --reason, --force.'),
    );
  });
});
