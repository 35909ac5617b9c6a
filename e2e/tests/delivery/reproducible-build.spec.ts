import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { releaseVersion } from 'deploy-folder/publish';
import { folderDigest, repoRoot } from './isolated-site.ts';
import { buildRemoteCopy } from './remote-builds.ts';

/**
 * A remote's version is a hash of its build, so "a canary needs a changed build" and "the same build is the same
 * version" hold only if the same source always builds to the same bytes: on a team's CI as on the host, twice in
 * a row, and with other builds running beside it. Checkouts at the same depth, as clones of the repository are,
 * three built at the same moment and three more after them (before the SRI map was sorted, two builds at once
 * differed in four runs of five, three in two of three).
 */
const workDir = join(repoRoot, '.data', 'e2e-reproducible');

test.describe('', { tag: ['@composition'] }, () => {
  test('the same source of a remote builds to the same bytes, every file, and so the same version', async () => {
    test.setTimeout(420_000);
    rmSync(workDir, { recursive: true, force: true });
    const builds: string[] = [];
    for (const round of [
      ['one', 'two', 'six'],
      ['ten', 'red', 'sea'],
    ]) {
      const copies = round.map((label) => join(workDir, label));
      for (const copy of copies) mkdirSync(copy, { recursive: true });
      builds.push(
        ...(await Promise.all(copies.map((copy) => buildRemoteCopy('mf_portfolio', copy, process.env)))),
      );
    }
    const [first = '', ...others] = builds;
    const expected = folderDigest(first);
    expect(Object.keys(expected).length).toBeGreaterThan(20);
    for (const other of others) {
      const digest = folderDigest(other);
      const differing = Object.keys({ ...expected, ...digest }).filter(
        (file) => expected[file] !== digest[file],
      );
      expect(differing, `files that differ between ${first} and ${other}`).toEqual([]);
      expect(releaseVersion(other)).toBe(releaseVersion(first));
    }
    rmSync(workDir, { recursive: true, force: true });
  });
});
