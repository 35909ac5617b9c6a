import { createHmac } from 'node:crypto';
import { encodePreviewClaim, type PreviewClaim } from 'federation/preview';
import { describe, expect, it } from 'vitest';
import { checkPreviewToken, revocationsOf } from './verify.ts';

const secret = 'a-test-secret';
const signatureOf = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
const tokenOf = (claim: PreviewClaim) => {
  const payload = encodePreviewClaim(claim);
  return `${payload}.${signatureOf(payload)}`;
};
const now = 1_800_000_000_000;
const claim: PreviewClaim = {
  remote: 'mf_portfolio',
  version: '1.0.0-aaaaaaaa',
  expires: now / 1000 + 3600,
  id: 'link-one-xxxx',
  by: 'portfolio-ci',
  issued: now / 1000 - 60,
};
const check = (revoked: unknown, of = claim) =>
  checkPreviewToken(signatureOf, tokenOf(of), now, revocationsOf(revoked));

describe('a revoked preview link (issue 40), as both hosts check it', () => {
  it('opens while nothing revokes it', () => {
    expect(check(undefined)).toEqual({ claim });
    expect(
      check({ links: ['another-link'], keys: ['another-key'], remotes: { mf_marketing: now / 1000 } }),
    ).toEqual({
      claim,
    });
  });

  it('is refused by its id, by its key, or by every link of its remote made until then', () => {
    expect(check({ links: ['link-one-xxxx'] })).toEqual({ refused: 'revoked' });
    expect(check({ keys: ['portfolio-ci'] })).toEqual({ refused: 'revoked' });
    expect(check({ remotes: { mf_portfolio: now / 1000 } })).toEqual({ refused: 'revoked' });
    // A link made after the revocation of all is not.
    expect(check({ remotes: { mf_portfolio: now / 1000 - 120 } })).toEqual({ claim });
    // A link from before links had ids and times ends with all of its remote's.
    const { id: _id, by: _by, issued: _issued, ...old } = claim;
    expect(check({ remotes: { mf_portfolio: 1 } }, old)).toEqual({ refused: 'revoked' });
  });

  it('reads a broken or foreign file as no revocation', () => {
    for (const broken of [null, 'text', 7, [], { links: 'x', keys: [1], remotes: { mf_portfolio: 'soon' } }])
      expect(revocationsOf(broken)).toEqual({ links: [], keys: [], remotes: {} });
  });
});
