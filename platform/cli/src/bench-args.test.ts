/**
 * pnpm bench's and bench:hosts's arguments read by commander with the bench's value parsers (bench-args.ts);
 * moved from platform/bench with the parsing (its options' tests and those of hosts.test.ts), the same cases
 * and messages.
 */
import { UsageError } from 'platform-kit/cli';
import { describe, expect, it } from 'vitest';
import {
  parseBenchArgs as parseBenchOptions,
  parseHostsArgs as parseHostsBenchOptions,
} from './bench-args.ts';

describe('parseBenchOptions', () => {
  it('defaults to a build, three runs of both profiles on the four main routes', () => {
    expect(parseBenchOptions([])).toEqual({
      runs: 3,
      routes: ['/', '/services', '/portfolio', '/contact'],
      build: true,
      lighthouse: true,
      phone: true,
      verbose: false,
    });
  });

  it('reads the runs, routes and the choice of one profile', () => {
    expect(
      parseBenchOptions(['--no-build', '--runs', '5', '--routes', '/,/contact', '--phone-only', '--verbose']),
    ).toEqual({
      runs: 5,
      routes: ['/', '/contact'],
      build: false,
      lighthouse: false,
      phone: true,
      verbose: true,
    });
    expect(parseBenchOptions(['--lighthouse-only'])).toMatchObject({ lighthouse: true, phone: false });
  });

  it.each([
    [['--runs', '0'], '--runs must be a whole number from 1 to 10'],
    [['--runs', 'two'], '--runs must be a whole number from 1 to 10'],
    [['--routes', '/,contact'], '--routes takes paths such as /,/contact; "contact" does not start with /'],
    [['--phone-only', '--lighthouse-only'], /exclude each other/],
    [['--phone'], "Unknown option '--phone'."],
    [['--runs'], /--runs/],
    [['fast'], 'Unexpected argument "fast".'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseBenchOptions(argv)).toThrow(UsageError);
    expect(() => parseBenchOptions(argv)).toThrow(message);
  });
});

describe('pnpm bench:hosts options', () => {
  it('measures both hosts for 10 s with 10 connections unless told', () => {
    expect(parseHostsBenchOptions([])).toEqual({
      durationSeconds: 10,
      connections: 10,
      hosts: ['embedded', 'nginx'],
    });
    expect(parseHostsBenchOptions(['--duration', '3', '--connections', '50', '--hosts', 'nginx'])).toEqual({
      durationSeconds: 3,
      connections: 50,
      hosts: ['nginx'],
    });
  });

  it.each([
    [['--duration', '0'], '--duration must be a whole number from 1 to 60, got "0"'],
    [['--duration', '61'], '--duration must be a whole number from 1 to 60, got "61"'],
    [['--connections', '1.5'], '--connections must be a whole number from 1 to 100, got "1.5"'],
    [['--hosts', 'apache'], '--hosts takes embedded, nginx; "apache" is neither'],
    [['--rate', '5'], "Unknown option '--rate'."],
    [['now'], 'Unexpected argument "now".'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseHostsBenchOptions(argv)).toThrow(new UsageError(message));
  });
});
