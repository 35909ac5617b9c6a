import { describe, expect, it } from 'vitest';
import { decodePreviewClaim, isLoopbackOrigin, previewCookie, previewTokenIn } from './preview.ts';
import {
  decodeSessionPart,
  describePicks,
  encodeSessionClaim,
  isLoopback,
  leadOf,
  sessionCookieName,
  sessionInCookie,
  sessionOf,
  sessionTokenIn,
} from './preview-session.ts';

const grants = [
  { remote: 'mf_portfolio', id: 'portfolio-link-1', by: 'portfolio-ci', issued: 1 },
  { remote: 'mf_contact', id: 'contact-link-01' },
];

describe('a preview session’s claim (issue 44, item 2)', () => {
  it('round-trips, and reads as an ordinary preview to the shell’s unchanged cookie reader', () => {
    const session = sessionOf({
      picks: { mf_portfolio: { version: '1.0.0-aaaaaaaa' }, mf_contact: { dev: 'http://localhost:3103' } },
      grants,
    });
    expect(session).toBeDefined();
    const payload = encodeSessionClaim({
      remote: 'mf_contact',
      dev: 'http://localhost:3103',
      expires: 2_000_000_000,
      id: 'session-id-0001',
      session: session as NonNullable<typeof session>,
    });
    expect(decodeSessionPart(payload)).toEqual(session);
    expect(decodePreviewClaim(payload)).toEqual({
      remote: 'mf_contact',
      dev: 'http://localhost:3103',
      expires: 2_000_000_000,
      id: 'session-id-0001',
    });
  });

  it('refuses a pick no grant names, a second dev server, a pick of two kinds, or none', () => {
    const refused = [
      { picks: { mf_marketing: { live: true } }, grants },
      {
        picks: {
          mf_portfolio: { dev: 'http://localhost:3102' },
          mf_contact: { dev: 'http://localhost:3103' },
        },
        grants,
      },
      { picks: { mf_portfolio: { version: '1.0.0-aaaaaaaa', live: true } }, grants },
      { picks: { mf_portfolio: { dev: 'http://example.com' } }, grants },
      { picks: { mf_portfolio: { version: '../x' } }, grants },
      { picks: {}, grants },
      { picks: { mf_portfolio: { live: true } }, grants: [] },
      { picks: { mf_portfolio: { live: true } }, grants: [{ remote: 'mf_portfolio', id: 'x' }] },
    ];
    for (const value of refused) expect(sessionOf(value)).toBeUndefined();
    expect(decodeSessionPart('not base64 !')).toBeUndefined();
  });

  it('leads with the dev server, else a version, else the first remote’s live version', () => {
    const live = () => '1.0.0-11111111';
    expect(
      leadOf({ mf_portfolio: { version: 'v1' }, mf_contact: { dev: 'http://localhost:3103' } }, live),
    ).toEqual({
      remote: 'mf_contact',
      dev: 'http://localhost:3103',
    });
    expect(leadOf({ mf_portfolio: { live: true }, mf_contact: { version: 'v2' } }, live)).toEqual({
      remote: 'mf_contact',
      version: 'v2',
    });
    expect(leadOf({ mf_portfolio: { live: true } }, live)).toEqual({
      remote: 'mf_portfolio',
      version: '1.0.0-11111111',
    });
    expect(
      describePicks(
        { mf_portfolio: { live: true }, mf_contact: { dev: 'http://localhost:3103' } },
        (name) => name,
      ),
    ).toBe('mf_portfolio live, mf_contact from http://localhost:3103');
  });
});

describe('the rules preview-session.ts writes again (so a visitor’s chunk exports nothing more)', () => {
  it('answers as preview.ts does', () => {
    expect(sessionCookieName).toBe(previewCookie);
    const origins = [
      'http://localhost:3103',
      'https://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://localhost:3103/',
      'http://user@localhost:1',
      'http://example.com',
      'http://127.0.0.1.example.com',
      'ftp://localhost',
      'not a url',
    ];
    for (const origin of origins) expect(isLoopback(origin), origin).toBe(isLoopbackOrigin(origin));
    for (const cookie of [
      '',
      'a=b',
      'agency-preview=x.y; b=c',
      'b=c;  agency-preview=t',
      'agency-preview=',
    ]) {
      expect(sessionTokenIn(cookie), cookie).toBe(previewTokenIn(cookie));
    }
    expect(sessionInCookie('agency-preview=not-a-token')).toBeUndefined();
  });
});
