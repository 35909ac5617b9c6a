import type { RemoteMapDocument } from 'federation/remote-map';
import { describe, expect, it } from 'vitest';
import type { SlotStep, TrackedSlot } from '../hydration/page-hydration.ts';
import { mapRows, slotRows } from './page-report.ts';

const tracked = (slot: string, phase: TrackedSlot['phase'], steps?: SlotStep[]): TrackedSlot => ({
  slot,
  phase,
  dehydrated: false,
  inViewAtStart: false,
  trigger: () => undefined,
  ...(steps ? { steps } : {}),
});

describe('slotRows', () => {
  it('says of each slot element what it runs: static HTML, waiting, hydrated, rendered, retrying or fallback', () => {
    const hero = tracked('mf_marketing/Hero', 'live', [
      { phase: 'waiting', at: 12 },
      { phase: 'loading', at: 340, why: 'interaction' },
      { phase: 'live', at: 910 },
    ]);
    const form = tracked('mf_contact/ContactPage', 'unavailable', [
      { phase: 'waiting', at: 10 },
      { phase: 'loading', at: 20, why: 'on-screen' },
      { phase: 'unavailable', at: 3000 },
    ]);
    const grid = tracked('mf_portfolio/PortfolioSection', 'failed', [
      { phase: 'failed', at: 5, why: 'render' },
    ]);
    // Mounted by a client navigation: nothing prerendered, so it rendered rather than hydrated.
    const added = tracked('mf_marketing/CallToActionBand', 'live', [
      { phase: 'loading', at: 4000, why: 'mounted' },
      { phase: 'live', at: 4100 },
    ]);
    const rows = slotRows(
      [
        { slot: 'mf_marketing/Hero', keptStatic: false },
        { slot: 'mf_marketing/AboutSection', keptStatic: true },
        { slot: 'mf_marketing/PricingSection', keptStatic: false },
        { slot: 'mf_contact/ContactPage', keptStatic: false },
        { slot: 'mf_portfolio/PortfolioSection', keptStatic: false },
        { slot: 'mf_marketing/CallToActionBand', keptStatic: false },
      ],
      [hero, form, grid, added],
      { mf_marketing: { url: '', version: '1.2.0-aaaa1111' } },
    );
    expect(rows.map(({ slot, state, why, version }) => [slot, state, why, version])).toEqual([
      ['mf_marketing/Hero', 'hydrated', 'interaction', '1.2.0-aaaa1111'],
      ['mf_marketing/AboutSection', 'static', undefined, '1.2.0-aaaa1111'],
      ['mf_marketing/PricingSection', 'waiting', undefined, '1.2.0-aaaa1111'],
      ['mf_contact/ContactPage', 'retrying', 'on-screen', undefined],
      ['mf_portfolio/PortfolioSection', 'fallback', 'render', undefined],
      ['mf_marketing/CallToActionBand', 'rendered', 'mounted', '1.2.0-aaaa1111'],
    ]);
    expect(rows[0]?.steps.map(({ at }) => at)).toEqual([12, 340, 910]);
  });

  it('matches a module shown twice to its two tracked slots in page order', () => {
    const first = tracked('mf_portfolio/ProcessSection', 'live', [
      { phase: 'waiting', at: 1 },
      { phase: 'live', at: 2 },
    ]);
    const second = tracked('mf_portfolio/ProcessSection', 'waiting');
    const rows = slotRows(
      [
        { slot: 'mf_portfolio/ProcessSection', keptStatic: false },
        { slot: 'mf_portfolio/ProcessSection', keptStatic: false },
      ],
      [first, second],
      {},
    );
    expect(rows.map(({ state }) => state)).toEqual(['hydrated', 'waiting']);
  });
});

describe('mapRows', () => {
  const document: RemoteMapDocument = {
    schema: 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json',
    microFrontends: {
      mf_portfolio: [
        {
          url: 'http://127.0.0.1:3002/1.0.0-aaaa1111/mf-manifest.json',
          metadata: { version: '1.0.0-aaaa1111' },
          deployment: { traffic: 90, default: true },
        },
        {
          url: 'http://127.0.0.1:3002/1.1.0-bbbb2222/mf-manifest.json',
          metadata: { version: '1.1.0-bbbb2222' },
          deployment: { traffic: 10, default: false },
          extras: { source: { commit: 'bbbb2222cccc3333', ref: 'main' } },
        },
      ],
    },
  };

  it('lists every version with its traffic, manifest and source, marking the one this browser loads', () => {
    const rows = mapRows(
      document,
      { mf_portfolio: { url: '', version: '1.1.0-bbbb2222' } },
      (source) => `${source.commit} on ${source.ref}`,
    );
    expect(rows).toEqual([
      {
        remote: 'mf_portfolio',
        version: '1.0.0-aaaa1111',
        traffic: 90,
        isDefault: true,
        manifest: 'http://127.0.0.1:3002/1.0.0-aaaa1111/mf-manifest.json',
        yours: false,
      },
      {
        remote: 'mf_portfolio',
        version: '1.1.0-bbbb2222',
        traffic: 10,
        isDefault: false,
        manifest: 'http://127.0.0.1:3002/1.1.0-bbbb2222/mf-manifest.json',
        source: 'bbbb2222cccc3333 on main',
        yours: true,
      },
    ]);
  });
});
