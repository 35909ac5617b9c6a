import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadExposedComponent = vi.fn();
// Only the loading is faked; the retry signal between slots is the real one.
vi.mock('./remote-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry.ts')>()),
  loadExposedComponent,
}));

const { RemoteSlot } = await import('./RemoteSlot.tsx');
const { clearPreparedSlots, prepareSlot, preparedSlot } = await import('./prepared-slots.ts');

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

/**
 * Renders a slot whose HTML was prerendered (its code waits until wanted), laid out on screen or far below it,
 * with an observer that never reports: only the slot's own start can load it.
 */
function renderPrerenderedSlot(module: 'Hero' | 'PricingSection', { inView }: { inView: boolean }) {
  vi.stubGlobal('IntersectionObserver', SilentObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = inView || !this.hasAttribute('data-remote-slot') ? 0 : 5000;
    return DOMRect.fromRect({ x: 0, y: top, width: 375, height: 400 });
  });
  prepareSlot(`mf_marketing/${module}`, { state: 'deferred' });
  loadExposedComponent.mockResolvedValue({ default: Healthy });
  renderWithProviders(<RemoteSlot remote="mf_marketing" module={module} reserve={{ base: 640 }} />);
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
});
