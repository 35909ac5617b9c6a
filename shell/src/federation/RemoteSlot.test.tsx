import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-content/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const loadExposedComponent = vi.fn();
vi.mock('./remote-registry.ts', () => ({ loadExposedComponent }));

const { RemoteSlot } = await import('./RemoteSlot.tsx');

function Healthy() {
  return <h2>Remote content</h2>;
}

function Throwing(): never {
  throw new Error('render failed');
}

describe('RemoteSlot', () => {
  beforeEach(() => {
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
});
