import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseEvents } from 'deploy-folder/release-log';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAppPublish } from './publish-site.ts';

let deploy: string;
const at = '2026-11-26T03:00:00.000Z';

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'publish-site-'));
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe("a start's publish in the release log", () => {
  it('records the first publish into an empty deploy as a release by start', () => {
    recordAppPublish(deploy, 'mf-portfolio', { version: '1.0.0-aaaaaaaa' }, 'start', at);
    expect(releaseEvents(deploy, 'mf-portfolio')).toEqual([
      { action: 'release', version: '1.0.0-aaaaaaaa', at, by: 'start' },
    ]);
  });

  it('records a publish with --publish that changed the live version, naming the one it replaced', () => {
    recordAppPublish(
      deploy,
      'shell',
      { version: '1.0.0-bbbbbbbb', previous: '1.0.0-aaaaaaaa' },
      'start --publish',
      at,
    );
    expect(releaseEvents(deploy, 'shell')).toEqual([
      {
        action: 'release',
        version: '1.0.0-bbbbbbbb',
        at,
        by: 'start --publish',
        defaultVersion: '1.0.0-aaaaaaaa',
      },
    ]);
  });

  it('records nothing when the build published was live already for everyone', () => {
    recordAppPublish(
      deploy,
      'mf-contact',
      { version: '1.0.0-aaaaaaaa', previous: '1.0.0-aaaaaaaa' },
      'start --publish',
      at,
    );
    expect(releaseEvents(deploy, 'mf-contact')).toEqual([]);
  });

  it('records the end of a canary the publish replaced: an abort, or a promote when it published the canary', () => {
    recordAppPublish(
      deploy,
      'mf-marketing',
      { version: '1.0.0-aaaaaaaa', previous: '1.0.0-aaaaaaaa', replacedCanary: '1.0.0-cccccccc' },
      'start --publish',
      at,
    );
    recordAppPublish(
      deploy,
      'mf-portfolio',
      { version: '1.0.0-cccccccc', previous: '1.0.0-aaaaaaaa', replacedCanary: '1.0.0-cccccccc' },
      'start --publish',
      at,
    );
    const common = { at, by: 'start --publish', defaultVersion: '1.0.0-aaaaaaaa' };
    expect(releaseEvents(deploy, 'mf-marketing')).toEqual([
      {
        action: 'abort',
        version: '1.0.0-cccccccc',
        ...common,
        reason: 'replaced by 1.0.0-aaaaaaaa for everyone',
      },
      { action: 'release', version: '1.0.0-aaaaaaaa', ...common },
    ]);
    expect(releaseEvents(deploy, 'mf-portfolio')).toEqual([
      {
        action: 'promote',
        version: '1.0.0-cccccccc',
        ...common,
        reason: 'replaced by 1.0.0-cccccccc for everyone',
      },
      { action: 'release', version: '1.0.0-cccccccc', ...common },
    ]);
  });
});
