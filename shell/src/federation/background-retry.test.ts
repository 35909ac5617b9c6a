import { describe, expect, it, vi } from 'vitest';
import { createBackgroundRetry, type RetryEnvironment } from './background-retry.ts';

/** An environment the test steps through: timers fire, the page hides and shows, the network comes back. */
function steppedEnvironment() {
  const timers: Array<{ ms: number; fire: () => void }> = [];
  let hidden = false;
  let chance: () => void = () => undefined;
  const env: RetryEnvironment = {
    setTimer(callback, ms) {
      const timer = { ms, fire: callback };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    hidden: () => hidden,
    onChance(callback) {
      chance = callback;
      return () => {
        chance = () => undefined;
      };
    },
  };
  return {
    env,
    timers,
    fireTimer: () => timers.shift()?.fire(),
    hide: (value: boolean) => {
      hidden = value;
    },
    chance: () => chance(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the background retry of a remote’s prerendered sections', () => {
  it('starts one round for every waiting section, after delays that grow up to a bound', async () => {
    const step = steppedEnvironment();
    const rounds = vi.fn();
    const retry = createBackgroundRetry(rounds, step.env, [100, 400, 1000]);
    const resumed = vi.fn();
    const delays: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      void retry.nextRound('mf_portfolio').then(resumed);
      void retry.nextRound('mf_portfolio').then(resumed);
      expect(step.timers).toHaveLength(1);
      delays.push(step.timers[0]?.ms ?? -1);
      step.fireTimer();
      await settle();
    }
    expect(delays).toEqual([100, 400, 1000, 1000, 1000]);
    expect(rounds).toHaveBeenCalledTimes(5);
    expect(resumed).toHaveBeenCalledTimes(10);
  });

  it('starts at once when the browser is online again or on a Retry, and from the first delay after success', async () => {
    const step = steppedEnvironment();
    const rounds = vi.fn();
    const retry = createBackgroundRetry(rounds, step.env, [100, 400]);
    const resumed = vi.fn();
    void retry.nextRound('mf_contact').then(resumed);
    step.chance();
    await settle();
    expect(resumed).toHaveBeenCalledTimes(1);
    expect(step.timers).toHaveLength(0);
    void retry.nextRound('mf_contact').then(resumed);
    expect(step.timers[0]?.ms).toBe(400);
    retry.retryNow('mf_contact');
    await settle();
    expect(resumed).toHaveBeenCalledTimes(2);
    retry.succeeded('mf_contact');
    void retry.nextRound('mf_contact');
    expect(step.timers[0]?.ms).toBe(100);
    expect(rounds).toHaveBeenCalledWith('mf_contact');
  });

  it('starts no round while the page is hidden, and starts it when the page is shown', async () => {
    const step = steppedEnvironment();
    const retry = createBackgroundRetry(vi.fn(), step.env, [100]);
    const resumed = vi.fn();
    void retry.nextRound('mf_marketing').then(resumed);
    step.hide(true);
    step.fireTimer();
    await settle();
    expect(resumed).not.toHaveBeenCalled();
    step.hide(false);
    step.chance();
    await settle();
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('keeps each remote’s schedule apart', async () => {
    const step = steppedEnvironment();
    const rounds = vi.fn();
    const retry = createBackgroundRetry(rounds, step.env, [100]);
    const portfolio = vi.fn();
    const marketing = vi.fn();
    void retry.nextRound('mf_portfolio').then(portfolio);
    void retry.nextRound('mf_marketing').then(marketing);
    retry.retryNow('mf_portfolio');
    await settle();
    expect(portfolio).toHaveBeenCalled();
    expect(marketing).not.toHaveBeenCalled();
    expect(rounds.mock.calls).toEqual([['mf_portfolio']]);
  });
});
