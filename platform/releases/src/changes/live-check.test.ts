/**
 * Issue 41, item 3: a team's rollback broke the live site (its pages showed "This section is unavailable") and
 * said it had rolled back. Now a rollback whose pages would show a fallback is refused with nothing changed, the
 * map and pages unchanged to the byte; the operator's --force still goes ahead, naming what it broke. Real builds
 * (each app's dist/, as `pnpm build` left it), the deployed shell's own prerender in the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf, throwingInNode } from '../../testing/fixtures.ts';
import { abortCanary, promoteCanary, startCanary } from '../canary/release-canary.ts';
import { LiveBreakError } from './live-check.ts';
import { publishAll } from './publish-site.ts';
import { liveVersion, releaseBuild, rollbackRemote } from './release.ts';

const env = { ...process.env, AGENCY_PORT_BASE: '5820' };
const thrown = 'ProcessSection throws in Node (live check test)';
let work: string;
let deploy: string;
let good: string;
let throwing: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'live-check-test-'));
  deploy = join(work, 'deploy');
  publishAll(deploy, loadChangeSettings(env));
  good = liveVersion(deploy, 'mf_portfolio') ?? '';
  // A version that breaks its pages, made live by the operator past the gates, then rolled back from.
  throwing = releaseBuild(deploy, 'mf_portfolio', {
    buildDir: throwingInNode(work, thrown),
    force: true,
    settings: loadChangeSettings(env),
  }).version;
  rollbackRemote(deploy, 'mf_portfolio', { version: good, settings: loadChangeSettings(env) });
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a rollback that would break the live site (issue 41)', () => {
  it('is refused, naming each page and slot; the map and the pages are unchanged to the byte', () => {
    expect(liveVersion(deploy, 'mf_portfolio')).toBe(good);
    const before = digestOf(deploy);
    let refusal: unknown;
    try {
      rollbackRemote(deploy, 'mf_portfolio', { version: throwing, settings: loadChangeSettings(env) });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(LiveBreakError);
    const { message } = refusal as Error;
    expect(message).toMatch(
      new RegExp(
        `^Rolling mf-portfolio back to ${throwing} would break the live site, so nothing changed:\\n`,
      ),
    );
    expect(message).toContain(`mf_portfolio/ProcessSection would throw while / is rendered: ${thrown}`);
    expect(message).toContain('the operator can go ahead anyway with --force');
    expect(digestOf(deploy)).toEqual(before);
    expect(liveVersion(deploy, 'mf_portfolio')).toBe(good);
  }, 180_000);

  it("goes ahead with the operator's --force, naming what it breaks", () => {
    const outcome = rollbackRemote(deploy, 'mf_portfolio', {
      version: throwing,
      settings: loadChangeSettings(env),
      force: true,
    });
    expect(liveVersion(deploy, 'mf_portfolio')).toBe(throwing);
    expect(outcome.forced.join('\n')).toContain(`ProcessSection would throw while / is rendered: ${thrown}`);
  }, 180_000);

  it('refuses to promote such a canary for everyone, and lets it be aborted', () => {
    rollbackRemote(deploy, 'mf_portfolio', { version: good, settings: loadChangeSettings(env) });
    startCanary(deploy, 'mf_portfolio', {
      buildDir: throwingInNode(work, thrown),
      percent: 10,
      force: true,
      settings: loadChangeSettings(env),
    });
    const before = digestOf(deploy);
    expect(() => promoteCanary(deploy, 'mf_portfolio', { settings: loadChangeSettings(env) })).toThrow(
      LiveBreakError,
    );
    expect(digestOf(deploy)).toEqual(before);
    abortCanary(deploy, 'mf_portfolio', { settings: loadChangeSettings(env) });
    expect(liveVersion(deploy, 'mf_portfolio')).toBe(good);
  }, 180_000);

  it('lets a rollback to a version that renders go ahead as before', () => {
    rollbackRemote(deploy, 'mf_portfolio', {
      version: throwing,
      settings: loadChangeSettings(env),
      force: true,
    });
    const outcome = rollbackRemote(deploy, 'mf_portfolio', {
      version: good,
      settings: loadChangeSettings(env),
    });
    expect(outcome.forced).toEqual([]);
    expect(liveVersion(deploy, 'mf_portfolio')).toBe(good);
  }, 180_000);
});
