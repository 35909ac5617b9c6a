import { describe, expect, it } from 'vitest';
import { ChangeGate } from './busy.ts';

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
});
