import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previewSecretFile } from 'deploy-model/layout';
import { decodePreviewClaim, encodePreviewClaim, isLoopbackOrigin, previewClaimIn } from 'federation/preview';
import { loadReleaseServiceSettings } from 'platform-kit/settings/release-service';
import { afterAll, describe, expect, it } from 'vitest';
import {
  devOverrideToken,
  ensurePreviewSecret,
  PreviewError,
  previewHours,
  readPreviewSecret,
  signPreviewClaim,
  verifyPreviewToken,
} from './token.ts';

const secret = 'a-secret-for-these-tests';
const now = Date.parse('2026-11-26T12:00:00Z');
const inAnHour = now / 1000 + 3600;
const claim = { remote: 'mf_portfolio', version: 'a1b2c3d4e5', expires: inAnHour } as const;

/** The token with one character of the part at `index` (0 payload, 1 signature) changed. */
function tampered(token: string, index: 0 | 1): string {
  const parts = token.split('.');
  const part = parts[index] as string;
  const at = Math.floor(part.length / 2);
  parts[index] = `${part.slice(0, at)}${part[at] === 'A' ? 'B' : 'A'}${part.slice(at + 1)}`;
  return parts.join('.');
}

describe('preview links: signing and checking', () => {
  it('accepts the token it signed, with its claim', () => {
    expect(verifyPreviewToken(secret, signPreviewClaim(secret, claim), now)).toEqual({ claim });
  });

  it('refuses a token whose payload or signature was changed', () => {
    const token = signPreviewClaim(secret, claim);
    expect(verifyPreviewToken(secret, tampered(token, 0), now)).toEqual({ refused: 'signature' });
    expect(verifyPreviewToken(secret, tampered(token, 1), now)).toEqual({ refused: 'signature' });
  });

  it('refuses a claim for another version or a longer time put in front of a real signature', () => {
    const [, signature] = signPreviewClaim(secret, claim).split('.');
    for (const forged of [
      { ...claim, version: 'f0f0f0f0f0' },
      { ...claim, remote: 'mf_marketing' as const },
      { ...claim, expires: inAnHour + 86_400 },
    ]) {
      expect(verifyPreviewToken(secret, `${encodePreviewClaim(forged)}.${signature}`, now)).toEqual({
        refused: 'signature',
      });
    }
  });

  it('refuses a token signed with another secret, and every token while there is no secret', () => {
    const token = signPreviewClaim('another-site', claim);
    expect(verifyPreviewToken(secret, token, now)).toEqual({ refused: 'signature' });
    expect(verifyPreviewToken(undefined, signPreviewClaim(secret, claim), now)).toEqual({
      refused: 'signature',
    });
  });

  it('refuses an expired token, from the second it expires', () => {
    const token = signPreviewClaim(secret, claim);
    expect(verifyPreviewToken(secret, token, inAnHour * 1000 - 1)).toHaveProperty('claim');
    expect(verifyPreviewToken(secret, token, inAnHour * 1000)).toEqual({ refused: 'expired' });
  });

  it('refuses a signed claim of an unknown remote or a malformed version, and garbage', () => {
    for (const bad of [
      { ...claim, remote: 'mf_unknown' },
      { ...claim, version: '../../etc' },
      { remote: 'mf_portfolio', expires: inAnHour },
    ]) {
      const token = signPreviewClaim(secret, bad as never);
      expect(verifyPreviewToken(secret, token, now)).toEqual({ refused: 'malformed' });
    }
    for (const garbage of [undefined, '', 'abc', 'a.b.c', `${'x'.repeat(2000)}.${'y'.repeat(43)}`])
      expect(verifyPreviewToken(secret, garbage, now)).toEqual({ refused: 'malformed' });
  });

  it('takes only loopback dev origins, signed or not', () => {
    for (const origin of ['http://localhost:3002', 'http://127.0.0.1:3002', 'http://[::1]:3002'])
      expect(isLoopbackOrigin(origin)).toBe(true);
    for (const origin of [
      'http://192.168.1.20:3002',
      'https://dev.example.com',
      'http://localhost.example.com:3002',
      'http://127.0.0.1.nip.io:3002',
      'http://user@localhost:3002',
      'http://localhost:3002/path',
      'file:///etc',
    ]) {
      expect(isLoopbackOrigin(origin)).toBe(false);
      expect(() => devOverrideToken(secret, 'mf_portfolio', origin, 1)).toThrow(PreviewError);
      const signed = signPreviewClaim(secret, { remote: 'mf_portfolio', dev: origin, expires: inAnHour });
      expect(verifyPreviewToken(secret, signed, now)).toEqual({ refused: 'malformed' });
    }
    const token = devOverrideToken(secret, 'mf_portfolio', 'http://localhost:3002', 1);
    expect(verifyPreviewToken(secret, token)).toMatchObject({ claim: { dev: 'http://localhost:3002' } });
  });

  it('lasts 2 hours unless told otherwise, and never over a week', () => {
    const hoursOf = (env: NodeJS.ProcessEnv) => loadReleaseServiceSettings(env).previewHours;
    expect(previewHours(undefined, hoursOf({}))).toBe(2);
    expect(previewHours(undefined, hoursOf({ AGENCY_PREVIEW_HOURS: '8' }))).toBe(8);
    expect(previewHours('0.5', hoursOf({ AGENCY_PREVIEW_HOURS: '8' }))).toBe(0.5);
    for (const bad of ['0', '-1', '169', 'soon'])
      expect(() => previewHours(bad, hoursOf({}))).toThrow(PreviewError);
  });

  it('lets the shell read a preview cookie’s claim, and nothing once it has expired', () => {
    const token = signPreviewClaim(secret, claim);
    expect(previewClaimIn(`a=b; agency-preview=${token}`, now)).toEqual(claim);
    expect(previewClaimIn(`agency-preview=${token}`, inAnHour * 1000)).toBeUndefined();
    expect(previewClaimIn('agency-preview=nonsense', now)).toBeUndefined();
    expect(decodePreviewClaim(encodePreviewClaim(claim))).toEqual(claim);
  });
});

describe('the preview secret', () => {
  const deploy = mkdtempSync(join(tmpdir(), 'preview-secret-'));
  afterAll(() => rmSync(deploy, { recursive: true, force: true }));

  it('is made once, readable by its owner only, and kept', () => {
    expect(readPreviewSecret(deploy)).toBeUndefined();
    const first = ensurePreviewSecret(deploy);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(previewSecretFile(deploy)).mode & 0o777).toBe(0o600);
    expect(ensurePreviewSecret(deploy)).toBe(first);
    expect(readPreviewSecret(deploy)).toBe(first);
  });
});
