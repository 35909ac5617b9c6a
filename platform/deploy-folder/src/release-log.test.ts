import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  lastAutomaticAbort,
  maxReleaseEvents,
  publishedVersions,
  type ReleaseEvent,
  recordPublished,
  recordReleaseEvent,
  releaseEvents,
} from './release-log.ts';

let deploy: string;
const file = () => join(deploy, 'releases', 'mf-contact.json');
const event = (
  action: ReleaseEvent['action'],
  version: string,
  extra: Partial<ReleaseEvent> = {},
): ReleaseEvent => ({
  action,
  version,
  at: '2025-03-01T10:00:00.000Z',
  by: 'manual',
  ...extra,
});

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'release-log-'));
  for (const version of ['1.0.0-aaaaaaaa', '1.0.0-bbbbbbbb']) {
    mkdirSync(join(deploy, 'mf-contact', version), { recursive: true });
    writeFileSync(join(deploy, 'mf-contact', version, 'mf-manifest.json'), '{}');
  }
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe('the release log', () => {
  it('reads a file written before events, and writes none until there is one', () => {
    recordPublished(deploy, 'mf-contact', '1.0.0-aaaaaaaa', new Date('2025-03-01T09:00:00.000Z'));
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
      versions: [{ version: '1.0.0-aaaaaaaa', publishedAt: '2025-03-01T09:00:00.000Z' }],
    });
    expect(releaseEvents(deploy, 'mf-contact')).toEqual([]);
    expect(lastAutomaticAbort(deploy, 'mf-contact')).toBeUndefined();
  });

  it('keeps the events when a version is published, and the versions when an event is recorded', () => {
    recordPublished(deploy, 'mf-contact', '1.0.0-aaaaaaaa');
    recordReleaseEvent(deploy, 'mf-contact', event('canary', '1.0.0-bbbbbbbb', { traffic: 10 }));
    recordPublished(deploy, 'mf-contact', '1.0.0-bbbbbbbb');
    expect(publishedVersions(deploy, 'mf-contact').map(({ version }) => version)).toEqual([
      '1.0.0-aaaaaaaa',
      '1.0.0-bbbbbbbb',
    ]);
    expect(releaseEvents(deploy, 'mf-contact')).toEqual([event('canary', '1.0.0-bbbbbbbb', { traffic: 10 })]);
  });

  it('finds the last abort the check made by itself, not one made by hand', () => {
    const automatic = event('abort', '1.0.0-aaaaaaaa', { by: 'automatic', reason: 'failure rate 40.0% …' });
    recordReleaseEvent(deploy, 'mf-contact', automatic);
    recordReleaseEvent(deploy, 'mf-contact', event('abort', '1.0.0-bbbbbbbb', { reason: 'by hand' }));
    recordReleaseEvent(deploy, 'mf-contact', event('promote', '1.0.0-bbbbbbbb'));
    expect(lastAutomaticAbort(deploy, 'mf-contact')).toEqual(automatic);
  });

  it('keeps the releases a start published, by whom', () => {
    const published = event('release', '1.0.0-bbbbbbbb', {
      by: 'start --publish',
      defaultVersion: '1.0.0-aaaaaaaa',
    });
    recordReleaseEvent(deploy, 'mf-contact', published);
    recordReleaseEvent(deploy, 'mf-contact', event('release', '1.0.0-aaaaaaaa', { by: 'start' }));
    expect(releaseEvents(deploy, 'mf-contact')).toEqual([
      published,
      event('release', '1.0.0-aaaaaaaa', { by: 'start' }),
    ]);
  });

  it(`keeps the last ${maxReleaseEvents} events`, () => {
    for (let index = 0; index <= maxReleaseEvents; index += 1)
      recordReleaseEvent(deploy, 'mf-contact', event('canary', `1.0.0-${index}`));
    const events = releaseEvents(deploy, 'mf-contact');
    expect(events).toHaveLength(maxReleaseEvents);
    expect(events[0]?.version).toBe('1.0.0-1');
  });

  it('refuses a broken file, naming it, rather than writing over it', () => {
    mkdirSync(join(deploy, 'releases'));
    writeFileSync(file(), JSON.stringify({ versions: [], events: 'none' }));
    expect(() => recordReleaseEvent(deploy, 'mf-contact', event('canary', '1.0.0-aaaaaaaa'))).toThrow(
      `${file()} is broken (its "events" is not a list); fix or delete it`,
    );
  });
});
