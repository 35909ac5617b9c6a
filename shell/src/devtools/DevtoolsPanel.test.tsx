import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it, vi } from 'vitest';
import { DevtoolsPanel } from './DevtoolsPanel.tsx';
import type { PageReport } from './use-page-report.ts';

const report: PageReport = {
  slots: [
    {
      slot: 'mf_contact/ContactPage',
      remote: 'mf_contact',
      module: 'ContactPage',
      version: '1.4.0-3f43688a',
      state: 'hydrated',
      why: 'interaction',
      steps: [
        { phase: 'waiting', at: 100.4 },
        { phase: 'loading', at: 812.2, why: 'interaction' },
        { phase: 'live', at: 1430.9 },
      ],
    },
    {
      slot: 'mf_marketing/CallToActionBand',
      remote: 'mf_marketing',
      module: 'CallToActionBand',
      state: 'static',
      steps: [],
    },
  ],
  shared: [
    {
      name: 'react',
      version: '19.2.1',
      from: 'shell',
      usedBy: ['mf_contact'],
      required: '^19.2.0',
      loaded: true,
    },
  ],
  map: [
    {
      remote: 'mf_contact',
      version: '1.4.0-3f43688a',
      traffic: 100,
      isDefault: true,
      manifest: 'http://127.0.0.1:3003/1.4.0-3f43688a/mf-manifest.json',
      source: '3f43688a0b7e on main',
      yours: true,
    },
  ],
  bucket: 42,
};

describe('DevtoolsPanel', () => {
  it('shows each section with its version, state, why and steps; the singletons; the map and the bucket', () => {
    renderWithProviders(<DevtoolsPanel report={report} onClose={() => undefined} />);
    const sections = screen.getByRole('table', { name: 'Sections' });
    const contact = within(sections).getByRole('row', { name: /ContactPage/ });
    expect(contact.textContent).toContain('1.4.0-3f43688a');
    expect(contact.textContent).toContain('hydrated');
    expect(contact.textContent).toContain('the visitor reached for it');
    expect(contact.textContent).toContain('waiting 100 → loading 812 → live 1431');
    const band = within(sections).getByRole('row', { name: /CallToActionBand/ });
    expect(band.textContent).toContain('static HTML');
    expect(band.textContent).toContain('needs no code');
    const shared = screen.getByRole('table', { name: 'Shared singletons' });
    expect(within(shared).getByRole('row', { name: /react/ }).textContent).toContain('mf_contact');
    const map = screen.getByRole('table', { name: 'Remote map' });
    expect(within(map).getByRole('row', { name: /mf_contact/ }).textContent).toContain(
      '1.4.0-3f43688a (yours)',
    );
    expect(screen.getByText('This browser is in bucket 42 of 0–99.')).toBeInTheDocument();
  });

  it('says so when the federation runtime has not started, and when the map could not be read', () => {
    renderWithProviders(
      <DevtoolsPanel report={{ ...report, shared: undefined, map: null }} onClose={() => undefined} />,
    );
    expect(screen.getByText(/The federation runtime has not started on this page/)).toBeInTheDocument();
    expect(screen.getByText('The remote map could not be read.')).toBeInTheDocument();
  });

  it('shows visitors’ p75s of the versions on the page, and this page load’s own figures', () => {
    const vitals = [
      {
        remote: 'mf_contact',
        version: '1.4.0-3f43688a',
        route: '/contact',
        metrics: {
          LCP: { p75: 1810, samples: 52 },
          INP: { p75: 96, samples: 40 },
          CLS: { p75: 0.012, samples: 52 },
        },
      },
    ];
    renderWithProviders(
      <DevtoolsPanel
        report={{ ...report, vitals, ownVitals: { LCP: 1200, INP: 48 } }}
        onClose={() => undefined}
      />,
    );
    const table = screen.getByRole('table', { name: /Web Vitals of these versions/ });
    const contact = within(table).getByRole('row', { name: /mf_contact/ });
    expect(contact.textContent).toContain('/contact');
    expect(contact.textContent).toContain('1810 ms (52)');
    expect(contact.textContent).toContain('96 ms (40)');
    expect(contact.textContent).toContain('0.012 (52)');
    expect(screen.getByText('This page load so far: LCP 1200 ms, INP 48 ms.')).toBeInTheDocument();
  });

  it('says why there are no visitors’ figures: still asked, none yet, kept for the release tooling', () => {
    for (const [vitals, why] of [
      [undefined, 'Asking the enquiry API'],
      [[], 'No visitor has reported figures'],
      [{ unavailable: 'forbidden' }, 'pnpm release status'],
      [{ unavailable: 'unreachable' }, 'could not be asked'],
    ] as const) {
      const { unmount } = renderWithProviders(
        <DevtoolsPanel
          report={{ ...report, vitals: vitals as PageReport['vitals'] }}
          onClose={() => undefined}
        />,
      );
      expect(screen.getByTestId('devtools-vitals').textContent).toContain(why);
      unmount();
    }
  });

  it('takes focus when it opens, and closes with its button or Escape', () => {
    const onClose = vi.fn();
    renderWithProviders(<DevtoolsPanel report={report} onClose={onClose} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'What this page runs' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close devtools' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
