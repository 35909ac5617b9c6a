import { decodePreviewClaim, encodePreviewClaim, versionName } from 'federation/preview';
import { describe, expect, it } from 'vitest';
import { isVersionName, maxPackageVersionLength, packageVersionProblem, versionPattern } from './version.ts';

const refused = [
  '1.0.0+build.7',
  '..',
  '.hidden',
  'a/b',
  '-1.0.0',
  '',
  '1..0',
  'a_b',
  'x'.repeat(65),
  '1.0\n0',
];
const accepted = ['1.0.0', '1.0.0-4c4f700c', '2.0.0-rc.1', 'dev', 'x'.repeat(64), '0.0.0-a.b-c'];

describe('the grammar of versions', () => {
  it('accepts semver without build metadata, up to 64 characters', () => {
    for (const version of accepted) expect(isVersionName(version), version).toBe(true);
  });

  it('refuses a "+", a path, a hidden or empty name, "..", another character and anything longer', () => {
    for (const version of refused) expect(isVersionName(version), JSON.stringify(version)).toBe(false);
  });

  it('is the very pattern the browser checks preview links and remote maps with', () => {
    expect(versionName.source).toBe(versionPattern.source);
    for (const version of [...accepted, ...refused]) {
      const claim = decodePreviewClaim(encodePreviewClaim({ remote: 'mf_portfolio', version, expires: 1 }));
      expect(claim !== undefined, JSON.stringify(version)).toBe(isVersionName(version));
    }
  });

  it('leaves a build’s package version room for the 9 characters its folder adds, and names the grammar', () => {
    expect(packageVersionProblem('1.4.0')).toBeUndefined();
    expect(packageVersionProblem('9'.repeat(maxPackageVersionLength))).toBeUndefined();
    expect(packageVersionProblem('9'.repeat(maxPackageVersionLength + 1))).toMatch(
      /longer than 55 characters/,
    );
    const long = packageVersionProblem('1'.repeat(300)) ?? '';
    expect(long).toMatch(/\(300 characters\).*letters, digits, dots and hyphens/);
    expect(long.length).toBeLessThan(400);
    expect(packageVersionProblem('1.0.0+build.7')).toMatch(/is not a version name: a version is 1 to 64/);
  });
});
