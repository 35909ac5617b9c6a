import { describe, expect, it } from 'vitest';
import { ChangeGate, ChangeYielded, type Claim, type ScopeHolder } from './busy.ts';

describe('ChangeGate', () => {
  it('gives a scope to one change at a time, naming the holder, and frees it on release', () => {
    const gate = new ChangeGate();
    const since = new Date('2026-11-26T03:00:00Z');
    const first = gate.claim('mf-portfolio', 'portfolio-ci', 'release', since);
    expect('busy' in first).toBe(false);
    expect(gate.claim('mf-portfolio', 'operator', 'rollback')).toEqual({
      busy: { by: 'portfolio-ci', what: 'release', since },
    });
    expect('busy' in gate.claim('mf-contact', 'contact-ci', 'release')).toBe(false);
    if ('busy' in first) return;
    first.release();
    first.release();
    expect('busy' in gate.claim('mf-portfolio', 'operator', 'rollback')).toBe(false);
  });

  it('runs the changes of different scopes one after another, never two at once', async () => {
    const gate = new ChangeGate();
    const order: string[] = [];
    let running = 0;
    const change = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`${name} end`);
      running -= 1;
      return name;
    };
    const claims = ['mf-marketing', 'mf-portfolio', 'mf-contact'].map((scope) =>
      gate.claim(scope, 'x', 'release'),
    );
    const results = await Promise.all(
      claims.map((claim, index) => ('busy' in claim ? Promise.reject() : claim.run(change(String(index))))),
    );
    expect(results).toEqual(['0', '1', '2']);
    expect(order).toEqual(['0 start', '0 end', '1 start', '1 end', '2 start', '2 end']);
  });

  it('is idle once every claim is released, an upload not yet queued included', async () => {
    const gate = new ChangeGate();
    const claim = gate.claim('shell', 'shell-ci', 'release');
    if ('busy' in claim) throw new Error('the scope was free');
    let idle = false;
    const waiting = gate.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    expect(gate.busy).toBe(true);
    await claim.run(async () => undefined);
    claim.release();
    await waiting;
    expect(idle).toBe(true);
    expect(gate.busy).toBe(false);
  });

  const claimed = (claim: Claim | { busy: ScopeHolder }): Claim => {
    if ('busy' in claim) throw new Error(`busy: ${claim.busy.what} by ${claim.busy.by}`);
    return claim;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('lets a rollback or an abort go ahead of a change of its scope still waiting its turn: that one yields', async () => {
    const gate = new ChangeGate();
    const order: string[] = [];
    const task =
      (name: string, ms = 20) =>
      async () => {
        order.push(`${name} start`);
        await pause(ms);
        order.push(`${name} end`);
        return name;
      };
    // The shell's release runs; behind it wait a team's release and another team's.
    const shell = claimed(gate.claim('shell', 'shell-ci', 'release'));
    const shellRun = shell.run(task('shell', 100));
    const portfolio = claimed(gate.claim('mf-portfolio', 'portfolio-ci', 'release'));
    const portfolioRun = portfolio.run(task('portfolio release'));
    const contact = claimed(gate.claim('mf-contact', 'contact-ci', 'release'));
    const contactRun = contact.run(task('contact release'));

    const rollback = claimed(gate.claim('mf-portfolio', 'operator', 'rollback', new Date(), { ahead: true }));
    expect(gate.holderOf('mf-portfolio')).toMatchObject({ by: 'operator', what: 'rollback' });
    // A second change of the scope meanwhile is busy, naming the rollback; so is a second rollback.
    expect(gate.claim('mf-portfolio', 'portfolio-ci', 'release')).toMatchObject({ busy: { by: 'operator' } });
    expect(gate.claim('mf-portfolio', 'automatic', 'abort', new Date(), { ahead: true })).toMatchObject({
      busy: { what: 'rollback' },
    });
    const rollbackRun = rollback.run(task('rollback'));

    const yielded = await portfolioRun.catch((error: unknown) => error);
    expect(yielded).toBeInstanceOf(ChangeYielded);
    expect((yielded as ChangeYielded).to).toMatchObject({ by: 'operator', what: 'rollback' });
    expect(await Promise.all([shellRun, rollbackRun, contactRun])).toEqual([
      'shell',
      'rollback',
      'contact release',
    ]);
    // The running one was waited for, the rollback went before the contact release queued before it.
    expect(order).toEqual([
      'shell start',
      'shell end',
      'rollback start',
      'rollback end',
      'contact release start',
      'contact release end',
    ]);
    // The yielded release's release() frees nothing that is not its own.
    portfolio.release();
    expect(gate.holderOf('mf-portfolio')).toMatchObject({ what: 'rollback' });
    for (const claim of [shell, rollback, contact]) claim.release();
    await gate.idle();
  });

  it('lets an abort wait for a change of its scope already running, never cutting it', async () => {
    const gate = new ChangeGate();
    const order: string[] = [];
    const release = claimed(gate.claim('mf-marketing', 'marketing-ci', 'release'));
    const releaseRun = release.run(async () => {
      order.push('release start');
      await pause(80);
      order.push('release end');
    });
    await pause(10);
    const abort = claimed(gate.claim('mf-marketing', 'automatic', 'abort', new Date(), { ahead: true }));
    await abort.run(async () => {
      order.push('abort');
    });
    await releaseRun;
    expect(order).toEqual(['release start', 'release end', 'abort']);
    release.release();
    abort.release();
  });

  it('tells when a scope is free, and refuses every claim once closed', async () => {
    const gate = new ChangeGate();
    await gate.scopeFree('mf-contact');
    const abort = claimed(gate.claim('mf-contact', 'operator', 'abort', new Date(), { ahead: true }));
    let free = false;
    const waiting = gate.scopeFree('mf-contact').then(() => {
      free = true;
    });
    await pause(10);
    expect(free).toBe(false);
    abort.release();
    await waiting;
    expect(free).toBe(true);
    const closedAt = new Date('2026-11-28T05:00:00Z');
    gate.close(closedAt);
    expect(gate.claim('mf-contact', 'operator', 'rollback', new Date(), { ahead: true })).toEqual({
      busy: { by: 'host', what: 'stop', since: closedAt },
    });
  });
});
