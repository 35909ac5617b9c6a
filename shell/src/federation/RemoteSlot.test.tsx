import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { type ReactNode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadExposedComponent = vi.fn();
// Only the loading is faked; the retry signal between slots is the real one.
vi.mock('./remote-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry.ts')>()),
  loadExposedComponent,
}));

// The health beacons' counter is replaced by one that records what it is given (its own tests are in
// ../telemetry/); RemoteSlot decides what is counted, and when.
const health = vi.hoisted(() => ({ add: vi.fn(), flush: vi.fn() }));
vi.mock('../telemetry/health-counter.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../telemetry/health-counter.ts')>()),
  createHealthCounter: () => health,
}));

const { RemoteSlot } = await import('./RemoteSlot.tsx');
const { clearPreparedSlots, prepareSlot, preparedSlot } = await import('./prepared-slots.ts');
const { PageView } = await import('./PageView.tsx');
const { IncompatibleRemoteError } = await import('./compatibility-plugin.ts');
const { pageHydration } = await import('../hydration/page-hydration.ts');

function Healthy() {
  return <h2>Remote content</h2>;
}

function Throwing(): never {
  throw new Error('render failed');
}

/** An IntersectionObserver that never reports, as when the page scrolls on before its first report. */
class SilentObserver {
  observe() {}
  disconnect() {}
}

/** An IntersectionObserver that reports every element it watches as in view, at once. */
class InViewObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true } as IntersectionObserverEntry;
    this.report([entry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
}

/**
 * Renders a slot whose HTML was prerendered (its code waits until wanted), laid out on screen or far below it,
 * with an observer that never reports (only the slot's own start can load it) unless one is given.
 */
function renderPrerenderedSlot(
  module: 'Hero' | 'PricingSection',
  {
    inView,
    codeLoads,
    Observer = SilentObserver,
  }: { inView: boolean; codeLoads?: 'on-screen' | 'when-reached'; Observer?: unknown },
) {
  vi.stubGlobal('IntersectionObserver', Observer);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = inView || !this.hasAttribute('data-remote-slot') ? 0 : 5000;
    return DOMRect.fromRect({ x: 0, y: top, width: 375, height: 400 });
  });
  prepareSlot(`mf_marketing/${module}`, { state: 'deferred' });
  loadExposedComponent.mockResolvedValue({ default: Healthy });
  renderWithProviders(
    <RemoteSlot
      remote="mf_marketing"
      module={module}
      reserve={{ base: 640 }}
      needsCode
      codeLoads={codeLoads}
    />,
  );
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearPreparedSlots();
    loadExposedComponent.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a space-holding placeholder, then the remote component', async () => {
    loadExposedComponent.mockResolvedValue({ default: Healthy });
    const { container } = renderWithProviders(
      <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 640 }} />,
    );
    expect(container.querySelector('[data-slot-state="loading"]')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenCalledWith('mf_marketing', 'Hero', 0);
  });

  it('shows the fallback when loading fails, and Retry loads again', async () => {
    loadExposedComponent
      .mockRejectedValueOnce(new Error('unreachable'))
      .mockResolvedValueOnce({ default: Healthy });
    renderWithProviders(<RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 640 }} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('heading', { name: 'This section could not be loaded' })).toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenLastCalledWith('mf_marketing', 'Hero', 1);
  });

  it('retries every failed slot of the same remote from one Retry, and no other remote', async () => {
    loadExposedComponent.mockImplementation(async (remote: string, _module: string, attempt: number) => {
      if (attempt === 0) throw new Error(`${remote} unreachable`);
      return { default: Healthy };
    });
    renderWithProviders(
      <>
        <RemoteSlot
          remote="mf_portfolio"
          module="PortfolioSection"
          props={{ context: 'home' }}
          reserve={{ base: 400 }}
        />
        <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
        <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />
      </>,
    );
    const retries = await screen.findAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(3);
    await userEvent.click(retries[0] as HTMLElement);
    expect(await screen.findAllByRole('heading', { name: 'Remote content' })).toHaveLength(2);
    // mf_marketing was not retried: its fallback and its single failed load remain.
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    expect(loadExposedComponent.mock.calls.filter(([remote]) => remote === 'mf_marketing')).toHaveLength(1);
  });

  it('contains a remote that throws while rendering, leaving its siblings alone', async () => {
    loadExposedComponent.mockResolvedValue({ default: Throwing });
    renderWithProviders(
      <>
        <p>Shell content</p>
        <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Shell content')).toBeInTheDocument();
  });

  it('passes direct props and resolved props to the remote component', async () => {
    const Echo = (props: object) => <pre>{JSON.stringify(props)}</pre>;
    loadExposedComponent.mockResolvedValue({ default: Echo });
    renderWithProviders(
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioSection"
        props={{ context: 'home' }}
        reserve={{ base: 400 }}
      />,
    );
    expect(await screen.findByText('{"context":"home"}')).toBeInTheDocument();
  });

  it('renders a prepared module at once, with no placeholder and no load', () => {
    prepareSlot('mf_marketing/Hero', { state: 'loaded', component: Healthy });
    const { container } = renderWithProviders(
      <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 640 }} />,
    );
    expect(screen.getByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot-state]')).toBeNull();
    expect(loadExposedComponent).not.toHaveBeenCalled();
  });

  it('renders the prerendered fallback of a slot that failed, then loads it again by itself', async () => {
    prepareSlot('mf_portfolio/ProcessSection', { state: 'failed' });
    loadExposedComponent.mockResolvedValue({ default: Healthy });
    renderWithProviders(<RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 640 }} />);
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenCalledWith('mf_portfolio', 'ProcessSection', expect.any(Number));
    expect(loadExposedComponent.mock.calls.every(([, , attempt]) => attempt > 0)).toBe(true);
    // The failure was for the prerendered page only: a later visit of the route loads normally.
    expect(preparedSlot('mf_portfolio/ProcessSection')).toBeUndefined();
  });

  it('loads a prerendered slot on screen at the start at once, without waiting for the observer', async () => {
    renderPrerenderedSlot('Hero', { inView: true });
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenCalledWith('mf_marketing', 'Hero', 0);
  });

  it('leaves a prerendered slot out of view waiting until it is wanted', async () => {
    renderPrerenderedSlot('PricingSection', { inView: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadExposedComponent).not.toHaveBeenCalled();
  });

  it('leaves a prerendered when-reached slot on screen unloaded, not holding the interactive mark, until it is reached for', async () => {
    renderPrerenderedSlot('Hero', { inView: true, codeLoads: 'when-reached', Observer: InViewObserver });
    const slot = document.querySelector('[data-remote-slot="mf_marketing/Hero"]');
    if (!slot) throw new Error('no slot element');
    expect(slot).toHaveAttribute('data-slot-when-reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadExposedComponent).not.toHaveBeenCalled();
    const tracked = pageHydration.all().find((entry) => entry.slot === 'mf_marketing/Hero');
    expect(tracked).toMatchObject({ phase: 'waiting', dehydrated: true, inViewAtStart: false });
    expect(pageHydration.inViewSettled()).toBe(true);

    await act(async () => {
      slot.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenCalledTimes(1);
  });

  it('loads a prerendered slot declared on-screen as a default one: at once when on screen, the mark waiting for it', async () => {
    renderPrerenderedSlot('Hero', { inView: true, codeLoads: 'on-screen' });
    const slot = document.querySelector('[data-remote-slot="mf_marketing/Hero"]');
    expect(slot).not.toHaveAttribute('data-slot-when-reached');
    expect(pageHydration.all().find((entry) => entry.slot === 'mf_marketing/Hero')?.inViewAtStart).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
    expect(loadExposedComponent).toHaveBeenCalledWith('mf_marketing', 'Hero', 0);
  });

  it('loads a when-reached slot with nothing prerendered at once (a client navigation)', async () => {
    loadExposedComponent.mockResolvedValue({ default: Healthy });
    renderWithProviders(
      <RemoteSlot
        remote="mf_marketing"
        module="Hero"
        reserve={{ base: 640 }}
        needsCode
        codeLoads="when-reached"
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Remote content' })).toBeInTheDocument();
  });
});

/** What was counted: "remote kind[ reason]" per count. */
const counted = () =>
  health.add.mock.calls.map(([{ remote, kind, reason }]) => [remote, kind, reason].filter(Boolean).join(' '));

/**
 * Slots in a page view, as RouteSlots renders them: "Render again" re-renders them with new props, "Navigate"
 * mounts them afresh in a new page view (a client navigation to the route).
 */
function Page({ children }: { children: (renders: number) => ReactNode }) {
  const [renders, setRenders] = useState(0);
  const [route, setRoute] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((value) => value + 1)}>
        Render again
      </button>
      <button type="button" onClick={() => setRoute((value) => value + 1)}>
        Navigate
      </button>
      <PageView key={route}>{children(renders)}</PageView>
    </>
  );
}

describe('RemoteSlot health counts', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    clearPreparedSlots();
    loadExposedComponent.mockReset();
    health.add.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('counts one view per remote and page view: not per slot, not on re-renders or Retry', async () => {
    loadExposedComponent.mockImplementation(async (remote: string, _module: string, attempt: number) => {
      if (remote === 'mf_marketing' && attempt === 0) throw new Error('unreachable');
      return { default: Healthy };
    });
    renderWithProviders(
      <Page>
        {(renders) => (
          <>
            <RemoteSlot
              remote="mf_portfolio"
              module="PortfolioSection"
              props={{ context: renders % 2 ? 'home' : 'page' }}
              reserve={{ base: 400 }}
            />
            <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
            <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />
          </>
        )}
      </Page>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('heading', { name: 'Remote content' })).toHaveLength(3),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Render again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Render again' }));
    expect(counted()).toEqual([
      'mf_portfolio view',
      'mf_marketing view',
      'mf_marketing load-failure network',
    ]);

    // A navigation to the route: a new page view, counted again (mf_marketing fails again at first).
    health.add.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Navigate' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getAllByRole('heading', { name: 'Remote content' })).toHaveLength(2),
    );
    expect(counted()).toEqual([
      'mf_portfolio view',
      'mf_marketing view',
      'mf_marketing load-failure network',
    ]);
  });

  it('counts a load that failed for good once per remote and page view, with its reason', async () => {
    loadExposedComponent.mockRejectedValue(new IncompatibleRemoteError('requires react ^18'));
    renderWithProviders(
      <Page>
        {() => (
          <>
            <RemoteSlot
              remote="mf_portfolio"
              module="PortfolioSection"
              props={{ context: 'home' }}
              reserve={{ base: 400 }}
            />
            <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
          </>
        )}
      </Page>,
    );
    const [retry] = await screen.findAllByRole('button', { name: 'Retry' });
    expect(loadExposedComponent).toHaveBeenCalledTimes(2);
    // The visitor's Retry fails again: still one failure in this page view.
    await userEvent.click(retry as HTMLElement);
    await vi.waitFor(() => expect(loadExposedComponent).toHaveBeenCalledTimes(4));
    expect(await screen.findAllByRole('button', { name: 'Retry' })).toHaveLength(2);
    expect(counted()).toEqual(['mf_portfolio view', 'mf_portfolio load-failure incompatible']);
  });

  it('counts a remote that throws while rendering as a render error, not a load failure', async () => {
    loadExposedComponent.mockResolvedValue({ default: Throwing });
    renderWithProviders(
      <Page>
        {() => (
          <>
            <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
            <RemoteSlot
              remote="mf_portfolio"
              module="PortfolioSection"
              props={{ context: 'home' }}
              reserve={{ base: 400 }}
            />
            <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 400 }} />
          </>
        )}
      </Page>,
    );
    expect(await screen.findAllByRole('button', { name: 'Retry' })).toHaveLength(3);
    expect(counted()).toEqual([
      'mf_portfolio view',
      'mf_marketing view',
      'mf_portfolio render-error',
      'mf_marketing render-error',
    ]);
  });

  describe('hydration of a prerendered slot', () => {
    function Heading() {
      return <h2>Remote content</h2>;
    }
    function Paragraph() {
      return <p>Remote content</p>;
    }

    /**
     * Prerenders the slot with `server` as the page's HTML holds it, then hydrates that HTML in the browser
     * with `client` as the remote's code, the slot on screen (so it loads at once).
     */
    async function hydrate(server: () => ReactNode, client: () => ReactNode) {
      const slot = <RemoteSlot remote="mf_marketing" module="Hero" reserve={{ base: 640 }} />;
      const page = (
        <Page>
          {() => (
            <>
              {slot}
              <RemoteSlot remote="mf_portfolio" module="ProcessSection" reserve={{ base: 400 }} />
            </>
          )}
        </Page>
      );
      prepareSlot('mf_marketing/Hero', { state: 'loaded', component: server });
      prepareSlot('mf_portfolio/ProcessSection', { state: 'loaded', component: Heading });
      const container = document.createElement('div');
      const { ThemeProvider } = await import('@emotion/react');
      const { MemoryRouter } = await import('react-router-dom');
      const { theme } = await import('shared-content/theme');
      container.innerHTML = renderToString(
        <ThemeProvider theme={theme}>
          <MemoryRouter>{page}</MemoryRouter>
        </ThemeProvider>,
      );
      document.body.append(container);
      const prerendered = container.querySelector('[data-remote-slot="mf_marketing/Hero"] > *');
      expect(prerendered?.tagName).toBe(server === Heading ? 'H2' : 'P');

      clearPreparedSlots();
      prepareSlot('mf_marketing/Hero', { state: 'deferred' });
      prepareSlot('mf_portfolio/ProcessSection', { state: 'deferred' });
      vi.stubGlobal('IntersectionObserver', SilentObserver);
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
        DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 400 }),
      );
      loadExposedComponent.mockImplementation(async (remote: string) => ({
        default: remote === 'mf_marketing' ? client : Heading,
      }));
      const recoverable = vi.fn();
      await act(async () => {
        renderWithProviders(page, { container, hydrate: true, onRecoverableError: recoverable });
      });
      await vi.waitFor(() => expect(container.querySelectorAll('[data-slot-live]')).toHaveLength(2));
      return { recoverable, kept: container.contains(prerendered) };
    }

    it('counts nothing when React kept the prerendered HTML', async () => {
      const { recoverable, kept } = await hydrate(Heading, Heading);
      expect(kept).toBe(true);
      expect(recoverable).not.toHaveBeenCalled();
      expect(counted()).toEqual(['mf_marketing view', 'mf_portfolio view']);
    });

    it('counts a mismatch when React threw the prerendered HTML away and rendered the slot anew', async () => {
      const { recoverable, kept } = await hydrate(Heading, Paragraph);
      // React's own report of the mismatch, and the replaced element: the slot was rendered on the client.
      expect(recoverable).toHaveBeenCalled();
      expect(kept).toBe(false);
      expect(screen.getByText('Remote content', { selector: 'p' })).toBeInTheDocument();
      expect(counted()).toEqual([
        'mf_marketing view',
        'mf_portfolio view',
        'mf_marketing hydration-mismatch',
      ]);
    });
  });
});
