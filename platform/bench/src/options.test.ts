import { UsageError } from 'platform-kit/cli';
import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './options.ts';

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
