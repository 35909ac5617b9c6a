import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredRequests } from './deferred-requests.ts';
import type { DeferredPlan } from './protocol.ts';

/**
 * A plan as the page generator writes it: Hero and Pricing load code, mf_marketing/About keeps its prerendered
 * HTML, so no hint names it.
 */
const codeSlots = ['mf_marketing/Hero', 'mf_marketing/Pricing'];
const plan: DeferredPlan = {
  scripts: ['/static/js/index.1.js'],
  preload: [
    { href: '/remotes.json', as: 'fetch', crossorigin: true },
    { href: '/static/js/async/router.js', as: 'script' },
    { href: 'http://m/1/mf-manifest.json', as: 'fetch', crossorigin: true, slots: codeSlots },
    { href: 'http://m/1/remoteEntry.js', as: 'script', slots: codeSlots },
    { href: 'http://m/1/hero.js', as: 'script', slots: ['mf_marketing/Hero'] },
    { href: 'http://m/1/shared.js', as: 'script', slots: ['mf_marketing/Hero', 'mf_marketing/Pricing'] },
    { href: 'http://m/1/pricing.js', as: 'script', slots: ['mf_marketing/Pricing'] },
    { href: 'http://p/1/mf-manifest.json', as: 'fetch', crossorigin: true, slots: ['mf_portfolio/Filter'] },
  ],
};

const requested = () =>
  [...document.head.querySelectorAll<HTMLElement>('script[src], link[rel="preload"]')].map(
    (element) => element.getAttribute('src') ?? element.getAttribute('href'),
  );

describe('the page’s deferred requests', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    vi.useFakeTimers();
  });

  it('starts the shell first: its entry and its own preloads, none of a remote’s', () => {
    void deferredRequests(plan, document).startShell();
    vi.runAllTimers();
    expect(requested()).toEqual(['/static/js/index.1.js', '/remotes.json', '/static/js/async/router.js']);
    const entry = document.head.querySelector('script');
    expect(entry?.fetchPriority).toBe('high');
  });

  it('fetches a slot’s code with its remote’s manifest and entry, every file only once', () => {
    const requests = deferredRequests(plan, document);
    requests.preloadSlot('mf_marketing/Hero');
    vi.runAllTimers();
    expect(requested()).toEqual([
      'http://m/1/mf-manifest.json',
      'http://m/1/remoteEntry.js',
      'http://m/1/hero.js',
      'http://m/1/shared.js',
    ]);
    requests.preloadSlot('mf_marketing/Pricing');
    requests.preloadSlot('mf_marketing/Hero');
    vi.runAllTimers();
    expect(requested().slice(4)).toEqual(['http://m/1/pricing.js']);
    // A slot no hint names keeps its HTML: wanting it fetches nothing, not even its remote's entry.
    requests.preloadSlot('mf_marketing/About');
    vi.runAllTimers();
    expect(requested()).toHaveLength(5);
  });

  it('adds at most four requests per task, so starting many is never one long task', () => {
    const many: DeferredPlan = {
      scripts: ['/e.js'],
      preload: Array.from({ length: 9 }, (_, index) => ({ href: `/c${index}.js`, as: 'script' })),
    };
    void deferredRequests(many, document).startShell();
    expect(requested()).toHaveLength(4);
    vi.advanceTimersToNextTimer();
    expect(requested()).toHaveLength(8);
    vi.runAllTimers();
    expect(requested()).toHaveLength(10);
  });
});
