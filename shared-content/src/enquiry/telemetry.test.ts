import { describe, expect, it } from 'vitest';
import { fieldIssues } from './schemas.ts';
import {
  beaconLimits,
  type RemoteHealthEvent,
  remoteHealthBeaconSchema,
  remoteHealthKinds,
} from './telemetry.ts';

const view: RemoteHealthEvent = { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'view', count: 3 };
const failure: RemoteHealthEvent = {
  remote: 'mf_portfolio',
  version: '2025.01.31+build_7',
  kind: 'load-failure',
  reason: 'timeout',
  count: 1,
};

/** A page load's id as the shell makes one (16 random bytes, base64url). */
const pageLoad = 'b3Jc0mT1xQ8_pL-4sV2kWw';

/** The input with a good pageLoad unless it has that key already, so each case is about its own field. */
const withPageLoad = (input: unknown) =>
  input !== null && typeof input === 'object' && !Array.isArray(input) && !('pageLoad' in input)
    ? { ...input, pageLoad }
    : input;

function firstIssue(input: unknown) {
  const result = remoteHealthBeaconSchema.safeParse(withPageLoad(input));
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return fieldIssues(result.error)[0];
}

describe('remoteHealthBeaconSchema', () => {
  it('accepts every kind, a reason on a load failure, and the limits themselves', () => {
    const events: RemoteHealthEvent[] = [
      ...remoteHealthKinds
        .filter((kind) => kind !== 'load-failure')
        .map((kind) => ({ ...view, kind, count: beaconLimits.maxCount })),
      failure,
      { ...view, remote: `m${'x'.repeat(39)}`, version: `1${'.'.repeat(63)}` },
    ];
    while (events.length < beaconLimits.maxEvents) events.push(view);
    expect(remoteHealthBeaconSchema.parse({ events, pageLoad })).toEqual({ events, pageLoad });
    const longest = `${'a'.repeat(63)}-`;
    expect(remoteHealthBeaconSchema.parse({ events, pageLoad: longest }).pageLoad).toBe(longest);
  });

  it.each([
    [[], '', 'The beacon must be a JSON object'],
    [null, '', 'The beacon must be a JSON object'],
    ['events', '', 'The beacon must be a JSON object'],
    [{}, 'events', 'events is required.'],
    [{ events: view }, 'events', 'events must be a list of events.'],
    [{ events: [] }, 'events', 'events must have at least 1 event.'],
    [
      { events: Array.from({ length: beaconLimits.maxEvents + 1 }, () => view) },
      'events',
      'events must have at most 24 events.',
    ],
    [{ events: [view], page: '/contact' }, '', 'The beacon has an unexpected field "page".'],
    [{ events: ['view'] }, 'events[0]', 'events[0] must be an object'],
    [
      { events: [view, { ...view, message: 'TypeError at https://shop.example/?email=a@b.example' }] },
      'events[1]',
      'events[1] has an unexpected field "message".',
    ],
    [{ events: [{ ...view, remote: undefined }] }, 'events[0].remote', 'events[0].remote is required.'],
    [{ events: [{ ...view, remote: 'MF-Contact' }] }, 'events[0].remote', 'must be a Module Federation name'],
    [{ events: [{ ...view, remote: `m${'x'.repeat(40)}` }] }, 'events[0].remote', 'Module Federation name'],
    [
      { events: [{ ...view, version: '' }] },
      'events[0].version',
      'events[0].version must be a release version',
    ],
    [{ events: [{ ...view, version: '1.0 beta' }] }, 'events[0].version', 'must be a release version'],
    [{ events: [{ ...view, version: '../1.0.0' }] }, 'events[0].version', 'must be a release version'],
    [{ events: [{ ...view, version: `1${'0'.repeat(64)}` }] }, 'events[0].version', 'release version'],
    [{ events: [{ ...view, version: 100 }] }, 'events[0].version', 'must be a release version'],
    [{ events: [{ ...view, kind: 'crash' }] }, 'events[0].kind', 'events[0].kind must be one of: view,'],
    [{ events: [{ ...view, kind: undefined }] }, 'events[0].kind', 'events[0].kind is required.'],
    [
      { events: [{ ...view, count: 0 }] },
      'events[0].count',
      'events[0].count must be a whole number from 1 to 50.',
    ],
    [{ events: [{ ...view, count: -2 }] }, 'events[0].count', 'must be a whole number from 1 to 50.'],
    [{ events: [{ ...view, count: 1.5 }] }, 'events[0].count', 'must be a whole number from 1 to 50.'],
    [{ events: [{ ...view, count: 51 }] }, 'events[0].count', 'must be a whole number from 1 to 50.'],
    [{ events: [{ ...view, count: '3' }] }, 'events[0].count', 'must be a whole number from 1 to 50.'],
    [{ events: [{ ...view, count: undefined }] }, 'events[0].count', 'events[0].count is required.'],
    [
      { events: [view, view, { ...failure, reason: undefined }] },
      'events[2].reason',
      'events[2].reason is required for a load-failure.',
    ],
    [
      { events: [{ ...view, reason: 'network' }] },
      'events[0].reason',
      'events[0].reason is only for a load-failure, not for a view.',
    ],
    [
      { events: [{ ...failure, reason: 'blocked' }] },
      'events[0].reason',
      'events[0].reason must be one of: network,',
    ],
    [{ events: [{ ...failure, reason: null }] }, 'events[0].reason', 'must be one of: network,'],
    // The page load's id: a random token, nothing that could carry a message or identify a visitor for long.
    [{ events: [view], pageLoad: undefined }, 'pageLoad', 'pageLoad is required.'],
    [{ events: [view], pageLoad: 'short-id' }, 'pageLoad', "pageLoad must be the page load's random id"],
    [{ events: [view], pageLoad: 'a'.repeat(65) }, 'pageLoad', "must be the page load's random id"],
    [
      { events: [view], pageLoad: 'user@example.com/visits/42' },
      'pageLoad',
      "must be the page load's random id",
    ],
    [{ events: [view], pageLoad: 1234567890123456 }, 'pageLoad', "must be the page load's random id"],
  ])('refuses %j naming %s', (input, field, message) => {
    const issue = firstIssue(input);
    expect(issue?.field).toBe(field);
    expect(issue?.message).toContain(message);
  });

  it('reports every problem, each with its own event index', () => {
    const result = remoteHealthBeaconSchema.safeParse({
      events: [{ ...view, count: 0 }, view, { ...failure, kind: 'x' }],
      pageLoad,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldIssues(result.error).map((issue) => issue.field)).toEqual([
      'events[0].count',
      'events[2].kind',
    ]);
  });
});
