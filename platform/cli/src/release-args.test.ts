/**
 * `pnpm release`'s arguments read by commander into the command they ask for (release-args.ts). These cases were
 * the release client's parser's (releases' canary/release-command.test.ts, canary/rollout-plan.test.ts,
 * changes/shell-release.test.ts and release-service/preview-revoke.test.ts), moved here with the parsing: the
 * same forms, the same refusals, word for word.
 */
import { parseHold, parseStages } from 'deploy-model/release-command';
import {
  refused,
  refusedHolds,
  refusedHoldWords,
  refusedStages,
} from 'deploy-model/testing/rollout-refusals';
import { UsageError } from 'platform-kit/cli';
import { describe, expect, it } from 'vitest';
import { parseReleaseArgs as parseReleaseCommand } from './release-args.ts';

describe('pnpm release <arguments>', () => {
  it('reads every form of the command', () => {
    expect(parseReleaseCommand(['mf-contact', '--canary', '5', '--build-dir', 'out'], '/ci')).toEqual({
      kind: 'canary',
      name: 'mf_contact',
      percent: 5,
      force: false,
      buildDir: '/ci/out',
    });
    expect(parseReleaseCommand(['mf_portfolio', '--force'])).toEqual({
      kind: 'release',
      name: 'mf_portfolio',
      force: true,
    });
    expect(parseReleaseCommand(['mf-portfolio', 'abort'])).toEqual({ kind: 'abort', name: 'mf_portfolio' });
    expect(parseReleaseCommand(['mf-portfolio', 'promote'])).toEqual({
      kind: 'promote',
      name: 'mf_portfolio',
    });
    expect(parseReleaseCommand(['status'])).toEqual({
      kind: 'status',
      names: ['mf_marketing', 'mf_portfolio', 'mf_contact'],
    });
    expect(parseReleaseCommand(['status', 'mf-contact'])).toEqual({ kind: 'status', names: ['mf_contact'] });
    expect(parseReleaseCommand(['watch'])).toEqual({ kind: 'watch', once: false });
    expect(parseReleaseCommand(['watch', '--once'])).toEqual({ kind: 'watch', once: true });
    expect(parseReleaseCommand(['mf-marketing', 'abort', '--reason', 'the header jumps'])).toEqual({
      kind: 'abort',
      name: 'mf_marketing',
      reason: 'the header jumps',
    });
    expect(parseReleaseCommand(['mf-portfolio', '--preview', '--hours', '4'])).toEqual({
      kind: 'preview',
      name: 'mf_portfolio',
      force: false,
      hours: '4',
    });
    expect(parseReleaseCommand(['preview', 'mf-portfolio', '1a2b3c4d5e6f'])).toEqual({
      kind: 'preview-link',
      name: 'mf_portfolio',
      version: '1a2b3c4d5e6f',
    });
  });

  it.each([
    [['mf-marketing', '--canary', '0'], 'got "0"'],
    [
      ['mf-marketing', '--canary', '100'],
      '--canary takes the percent of visitors who get the new version, a whole number from 1 to 99; got "100".',
    ],
    [['mf-marketing', 'promote', '--reason', 'why'], 'promote takes no --reason.'],
    [['mf-marketing', 'abort', '--canary', '5'], 'abort takes no --canary.'],
    [['mf-marketing', '--once'], 'a release takes no --once.'],
    [['status', '--force'], 'status takes no --force.'],
    [['status', 'mf-blog'], 'Unknown remote "mf-blog"'],
    [['watch', 'mf-marketing'], 'watch takes no arguments, got: watch mf-marketing.'],
    [['mf-marketing', 'promte'], 'Release one remote at a time, got: mf-marketing promte.'],
    [['mf-marketing', 'mf-contact'], 'Release one remote at a time'],
    [['mf-marketing', '--bogus'], "Unknown option '--bogus'."],
    [['mf-marketing', '--canary'], "Option '--canary <value>' argument missing"],
  ])('refuses %j as a usage error', (args, message) => {
    expect(() => parseReleaseCommand(args)).toThrow(UsageError);
    expect(() => parseReleaseCommand(args)).toThrow(message);
  });
});

describe('pnpm release --stages --hold', () => {
  it('takes a canary at the first stage, with or without --canary', () => {
    const staged = { stages: [5, 25, 50, 100], holdSeconds: 600 };
    expect(parseReleaseCommand(['mf-portfolio', '--stages', '5,25,50,100', '--hold', '10m'])).toEqual({
      kind: 'canary',
      name: 'mf_portfolio',
      percent: 5,
      force: false,
      rollout: staged,
    });
    expect(
      parseReleaseCommand(['mf-portfolio', '--canary', '5', '--stages', '5,25,50,100', '--hold', '10m']),
    ).toMatchObject({ kind: 'canary', percent: 5, rollout: staged });
  });

  it.each(refusedStages)('refuses --stages %j', (stages, why) => {
    expect(refused(() => parseStages(stages))).toMatch(why);
    expect(
      refused(() => parseReleaseCommand(['mf-portfolio', `--stages=${stages}`, '--hold', '10m'])),
    ).toMatch(why);
  });

  it.each(refusedHolds)('refuses --hold %j', (hold) => {
    expect(refused(() => parseHold(hold))).toMatch(refusedHoldWords);
    expect(
      refused(() => parseReleaseCommand(['mf-portfolio', '--stages', '5,100', `--hold=${hold}`])),
    ).toMatch(refusedHoldWords);
  });

  it('needs both flags, and a --canary that is the first stage', () => {
    expect(refused(() => parseReleaseCommand(['mf-portfolio', '--stages', '5,100']))).toMatch(/needs --hold/);
    expect(refused(() => parseReleaseCommand(['mf-portfolio', '--hold', '10m']))).toMatch(
      /give --stages too/,
    );
    expect(
      refused(() =>
        parseReleaseCommand(['mf-portfolio', '--canary', '10', '--stages', '5,100', '--hold', '1m']),
      ),
    ).toMatch(/--canary 10 and --stages 5,100 disagree: the canary starts at the first stage \(5%\)/);
    expect(
      refused(() => parseReleaseCommand(['mf-portfolio', 'promote', '--stages', '5,100', '--hold', '1m'])),
    ).toMatch(/promote takes no --stages, --hold/);
    expect(refused(() => parseReleaseCommand(['shell', '--stages', '5,100', '--hold', '1m']))).toMatch(
      /shell takes no --stages, --hold/,
    );
  });
});

describe('pnpm release shell', () => {
  it('takes --build-dir and --force, and refuses a canary, promote or rollback form', () => {
    expect(parseReleaseCommand(['shell', '--build-dir', 'ci/shell', '--force'], '/work')).toEqual({
      kind: 'shell',
      buildDir: '/work/ci/shell',
      force: true,
    });
    expect(() => parseReleaseCommand(['shell', '--canary', '10'])).toThrow(UsageError);
    expect(() => parseReleaseCommand(['shell', 'promote'])).toThrow(
      'The shell has no canary: got shell promote.',
    );
  });
});

describe('pnpm release preview revoke', () => {
  it('takes a remote, and a link to end only that one', () => {
    expect(parseReleaseCommand(['preview', 'revoke', 'mf-portfolio'])).toEqual({
      kind: 'revoke-preview',
      name: 'mf_portfolio',
    });
    expect(
      parseReleaseCommand(['preview', 'revoke', 'mf-portfolio', 'http://x/__preview?token=a.b']),
    ).toEqual({
      kind: 'revoke-preview',
      name: 'mf_portfolio',
      link: 'http://x/__preview?token=a.b',
    });
    expect(() => parseReleaseCommand(['preview', 'revoke'])).toThrow(
      /pnpm release preview revoke <remote> \[<link>\]/,
    );
    expect(() => parseReleaseCommand(['preview', 'revoke', 'mf-portfolio', 'a', 'b'])).toThrow(
      /Name a remote/,
    );
  });
});

describe('pnpm release <remote> promote-to-production (issue 44, item 4)', () => {
  it('takes a version on staging, and a share of production as a release does', () => {
    expect(parseReleaseCommand(['mf-portfolio', 'promote-to-production'])).toEqual({
      kind: 'promote-to-production',
      name: 'mf_portfolio',
    });
    expect(parseReleaseCommand(['mf-portfolio', 'promote-to-production', '1.0.0-1a2b3c4d'])).toEqual({
      kind: 'promote-to-production',
      name: 'mf_portfolio',
      version: '1.0.0-1a2b3c4d',
    });
    expect(parseReleaseCommand(['mf-portfolio', 'promote-to-production', '--canary', '10'])).toEqual({
      kind: 'promote-to-production',
      name: 'mf_portfolio',
      percent: 10,
    });
    expect(
      parseReleaseCommand(['mf-portfolio', 'promote-to-production', '--stages', '5,50,100', '--hold', '10m']),
    ).toEqual({
      kind: 'promote-to-production',
      name: 'mf_portfolio',
      percent: 5,
      rollout: { stages: [5, 50, 100], holdSeconds: 600 },
    });
    expect(parseReleaseCommand(['shell', 'promote-to-production'])).toEqual({
      kind: 'promote-to-production',
      name: 'shell',
    });
  });

  it('refuses what a promotion does not take, in its words', () => {
    expect(refused(() => parseReleaseCommand(['mf-portfolio', 'promote-to-production', '--force']))).toMatch(
      /a promotion takes no --force/,
    );
    expect(
      refused(() => parseReleaseCommand(['mf-portfolio', 'promote-to-production', '--build-dir', 'dist'])),
    ).toMatch(/a promotion takes no --build-dir/);
    expect(refused(() => parseReleaseCommand(['mf-portfolio', 'promote-to-production', 'a', 'b']))).toMatch(
      /Promote one version at a time/,
    );
    expect(refused(() => parseReleaseCommand(['shell', 'promote-to-production', '--canary', '5']))).toMatch(
      /a promotion of the shell takes no --canary/,
    );
  });
});
