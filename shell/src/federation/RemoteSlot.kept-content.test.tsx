import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { renderToString } from 'react-dom/server';
import { remoteFallbackCopy, slotNoticeCopy } from 'shared-content/site';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadExposedComponent = vi.fn();
// Only the loading is faked; the background schedule and the Retry signal are the real ones.
vi.mock('./remote-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry.ts')>()),
  loadExposedComponent,
}));
const health = vi.hoisted(() => ({ add: vi.fn(), flush: vi.fn() }));
vi.mock('../telemetry/health-counter.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../telemetry/health-counter.ts')>()),
  createHealthCounter: () => health,
}));

const { RemoteSlot } = await import('./RemoteSlot.tsx');
const { IncompatibleRemoteError } = await import('./compatibility-plugin.ts');
const { clearPreparedSlots, prepareSlot } = await import('./prepared-slots.ts');
const { pageHydration } = await import('../hydration/page-hydration.ts');
const { PageView } = await import('./PageView.tsx');

const slotName = 'mf_portfolio/PortfolioPage';

function Portfolio() {
  return (
    <section>
      <h1>Our Portfolio</h1>
      <a href="/categories">Browse categories</a>
    </section>
  );
}

class SilentObserver {
  observe() {}
  disconnect() {}
}

const counted = () =>
  health.add.mock.calls.map(([event]) => [event.remote, event.kind, event.reason].filter(Boolean).join(' '));

/**
 * The page's HTML holds the slot's content (prerendered with the module loaded); the browser then hydrates
 * it, the slot on screen, while every load of its code fails.
 */
async function prerenderedSlotWhoseCodeFails({ needsCode }: { needsCode: boolean }) {
  // A page view of its own: the health counts are once per page view.
  const slot = (
    <PageView>
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioPage"
        reserve={{ base: 400 }}
        needsCode={needsCode}
      />
    </PageView>
  );
  prepareSlot(slotName, { state: 'loaded', component: Portfolio });
  const { ThemeProvider } = await import('@emotion/react');
  const { MemoryRouter } = await import('react-router-dom');
  const { theme } = await import('shared-content/theme');
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{slot}</MemoryRouter>
    </ThemeProvider>,
  );
  document.body.append(container);
  const heading = container.querySelector('h1');
  const text = container.textContent;

  clearPreparedSlots();
  prepareSlot(slotName, { state: 'deferred' });
  vi.stubGlobal('IntersectionObserver', SilentObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 400 }),
  );
  loadExposedComponent.mockRejectedValue(new Error('unreachable'));
  const recoverable = vi.fn();
  await act(async () => {
    renderWithProviders(slot, { container, hydrate: true, onRecoverableError: recoverable });
  });
  await vi.waitFor(() => expect(counted()).toContain('mf_portfolio load-failure network'));
  const slotElement = container.querySelector(`[data-remote-slot="${slotName}"]`);
  return { container, heading, text, recoverable, slotElement };
}

const tracked = () =>
  pageHydration
    .all()
    .filter((entry) => entry.slot === slotName)
    .at(-1);

describe('a prerendered slot whose code cannot load', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    clearPreparedSlots();
    loadExposedComponent.mockReset();
    health.add.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('keeps its prerendered HTML, shows no fallback and is settled for the page without being live', async () => {
    const { container, heading, text, recoverable, slotElement } = await prerenderedSlotWhoseCodeFails({
      needsCode: false,
    });
    expect(container.contains(heading)).toBe(true);
    expect(container.textContent).toBe(text);
    expect(screen.queryByText(remoteFallbackCopy.heading)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(recoverable).not.toHaveBeenCalled();
    // Not live: input held for it stays held until its code arrives.
    expect(slotElement?.hasAttribute('data-slot-live')).toBe(false);
    expect(tracked()?.phase).toBe('unavailable');
    expect(tracked()?.dehydrated).toBe(true);
    expect(pageHydration.inViewSettled()).toBe(true);
  });

  it('hydrates the same HTML once its code loads, when the browser is back online', async () => {
    const { container, heading } = await prerenderedSlotWhoseCodeFails({ needsCode: false });
    loadExposedComponent.mockResolvedValue({ default: Portfolio });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(container.querySelector('[data-slot-live]')).not.toBeNull());
    expect(container.contains(heading)).toBe(true);
    expect(tracked()?.phase).toBe('live');
    // The later round loaded as a Retry does: remotes.json read again, the remote registered again.
    expect(loadExposedComponent.mock.calls.at(-1)?.[2]).toBeGreaterThan(0);
  });

  it('that needs code to act shows a notice beside its content, whose Try now loads it', async () => {
    const { container, heading, slotElement } = await prerenderedSlotWhoseCodeFails({ needsCode: true });
    const notice = await screen.findByRole('status');
    // The text is put in once the region is mounted (SlotNotice), so wait for it.
    await vi.waitFor(() => expect(notice).toHaveTextContent(slotNoticeCopy.text));
    expect(slotElement?.contains(notice)).toBe(true);
    expect(container.contains(heading)).toBe(true);
    loadExposedComponent.mockResolvedValue({ default: Portfolio });
    await userEvent.click(screen.getByRole('button', { name: slotNoticeCopy.retry }));
    await vi.waitFor(() => expect(container.querySelector('[data-slot-live]')).not.toBeNull());
    // The live mark is set on the element at once; the notice goes with the slot's next render.
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.contains(heading)).toBe(true);
  });
});

describe('the fallback of a slot mounted by client navigation', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    clearPreparedSlots();
    loadExposedComponent.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks to check the connection only for a load that failed, not for a component that threw', async () => {
    loadExposedComponent.mockRejectedValueOnce(new Error('unreachable'));
    const first = renderWithProviders(
      <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />,
    );
    expect(await screen.findByText(remoteFallbackCopy.text)).toBeInTheDocument();
    first.unmount();

    loadExposedComponent.mockResolvedValue({
      default: () => {
        throw new Error('a bug');
      },
    });
    renderWithProviders(<RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />);
    expect(await screen.findByText(remoteFallbackCopy.unavailableText)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: remoteFallbackCopy.unavailableHeading })).toBeInTheDocument();
    expect(screen.queryByText(remoteFallbackCopy.text)).toBeNull();
  });

  it('says the section is unavailable, not to check the connection, when its code was refused', async () => {
    loadExposedComponent.mockRejectedValue(
      new IncompatibleRemoteError('mf_marketing requires react ^18.3.1, the shell lends 19.2.0'),
    );
    renderWithProviders(<RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />);
    expect(await screen.findByText(remoteFallbackCopy.unavailableText)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: remoteFallbackCopy.unavailableHeading })).toBeInTheDocument();
    expect(screen.queryByText(remoteFallbackCopy.text)).toBeNull();
  });
});
