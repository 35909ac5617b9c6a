import { loadChangeSettings } from 'deploy-model/change-settings';
import type { RemoteMapDocument } from 'federation/remote-map';
import { describe, expect, it } from 'vitest';
import { syntheticCheck } from './synthetic.ts';
import type { SyntheticPageReport, VisitOptions } from './synthetic-visit.ts';

/**
 * What the synthetic check makes of its visits: the visits stand in here (their browser, sandbox and pages are
 * synthetic-canary.test.ts's, against real builds), so each order of outcomes is shown.
 */
const target = {
  remote: 'mf_portfolio',
  version: '1.0.0-cccccccc',
  document: {} as RemoteMapDocument,
} as const;
const ok = (path: string): SyntheticPageReport => ({ path, ms: 10 });
const fallback: SyntheticPageReport = {
  path: '/',
  kind: 'canary',
  problem: '/ shows the fallback for mf_portfolio/PortfolioSection (render)',
};

/** Answers each visit in turn, recording which version each was for (undefined: outside the canary). */
function visits(...answers: Array<SyntheticPageReport[] | Error>) {
  const asked: Array<string | undefined> = [];
  const visit = async (options: VisitOptions) => {
    asked.push(options.version);
    const answer = answers.shift();
    if (!answer) throw new Error('one visit too many');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { check: syntheticCheck('/nowhere', loadChangeSettings({}), { visit }), asked };
}

describe('the synthetic check', () => {
  it('passes when every page hydrated, after one visit', async () => {
    const { check, asked } = visits([ok('/'), ok('/about')]);
    expect(await check(target)).toEqual({
      state: 'passed',
      reason: "synthetic visits passed: /, /about hydrated in the canary's bucket",
    });
    expect(asked).toEqual([target.version]);
  });

  it("fails after two failed visits in a row while the default version's pages hydrate, naming page and slot", async () => {
    const { check, asked } = visits(
      [fallback, ok('/about')],
      [fallback, ok('/about')],
      [ok('/'), ok('/about')],
    );
    expect(await check(target)).toEqual({
      state: 'failed',
      reason:
        "synthetic visits failed: / shows the fallback for mf_portfolio/PortfolioSection (render) (2 visits in a row in the canary's bucket; the default version's pages hydrate)",
    });
    expect(asked).toEqual([target.version, target.version, undefined]);
  });

  it('decides nothing on one failed visit, nor when the default version fails too, nor when no visit could run', async () => {
    expect((await visits([fallback], [ok('/')]).check(target))?.state).toBe('unknown');
    const everywhere = await visits([fallback], [fallback], [{ ...fallback, kind: 'site' }]).check(target);
    expect(everywhere?.state).toBe('unknown');
    expect(everywhere?.reason).toMatch(/the default version's pages fail too .*: not the canary's doing$/);
    const down = await visits(new Error('there is no Chromium at /usr/bin/chromium')).check(target);
    expect(down).toEqual({ state: 'unknown', reason: 'there is no Chromium at /usr/bin/chromium' });
    const notLoaded = await visits([
      { path: '/', kind: 'site', problem: '/ did not load (status 502)' },
    ]).check(target);
    expect(notLoaded).toEqual({
      state: 'unknown',
      reason: 'the synthetic visit says nothing: / did not load (status 502)',
    });
  });

  it('says nothing once the release service stops (the visit under way is ended)', async () => {
    const stopping = new AbortController();
    const visit = async () => {
      stopping.abort();
      throw new Error('the synthetic visit could not run: The operation was aborted');
    };
    const check = syntheticCheck('/nowhere', loadChangeSettings({}), { visit, signal: stopping.signal });
    expect(await check(target)).toBeUndefined();
  });
});
