import { ThemeProvider } from '@emotion/react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { theme } from 'shared-content/theme';
import { afterEach, describe, expect, it, vi } from 'vitest';

const loadExposedComponent = vi.fn();
vi.mock('../federation/remote-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../federation/remote-registry.ts')>()),
  loadExposedComponent,
}));
const health = vi.hoisted(() => ({ add: vi.fn(), flush: vi.fn() }));
vi.mock('../telemetry/health-counter.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../telemetry/health-counter.ts')>()),
  createHealthCounter: () => health,
}));

const { RouteSlots } = await import('./RouteSlots.tsx');
const { clearPreparedSlots, prepareSlot } = await import('../federation/prepared-slots.ts');
const { prepareHydration, prerenderedSlotsOf } = await import('../prerender/prepare-route.ts');
const { slotAttribute, slotStaticAttribute } = await import('../early/protocol.ts');

/** The services page as its remote renders it: text and links, nothing to run. */
function ServicesPage() {
  return (
    <section>
      <h1>Comprehensive Digital Solutions</h1>
      <Link to="/contact">Get a Free Quote</Link>
    </section>
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** The shell's part here: the services route, a contact page that links back, and where the router is. */
function Site() {
  return (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/services']}>
        <Routes>
          <Route path="/services" element={<RouteSlots route="services" />} />
          <Route path="/contact" element={<Link to="/services">Back to services</Link>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ThemeProvider>
  );
}

/** The page the prerenderer writes for /services (the module loaded first), hydrated as the browser does. */
async function hydratedServicesPage() {
  prepareSlot('mf_marketing/ServicesPage', { state: 'loaded', component: ServicesPage });
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Site />);
  clearPreparedSlots();
  prepareHydration('/services', prerenderedSlotsOf(container));
  const heading = container.querySelector('h1');
  const errors = vi.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(container, <Site />);
  });
  return { container, heading, errors };
}

afterEach(() => {
  document.body.innerHTML = '';
  clearPreparedSlots();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('a prerendered section that needs no code', () => {
  it('is marked so in the page, hydrated with the HTML it holds and never loads its remote', async () => {
    const { container, heading, errors } = await hydratedServicesPage();
    const slot = container.querySelector(`[${slotAttribute}="mf_marketing/ServicesPage"]`);
    expect(slot?.hasAttribute(slotStaticAttribute)).toBe(true);
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Comprehensive Digital Solutions');
    expect(errors).not.toHaveBeenCalled();
    expect(loadExposedComponent).not.toHaveBeenCalled();
    // It was shown: a view of the remote for the health beacons, as with code.
    expect(health.add).toHaveBeenCalledWith(
      expect.objectContaining({ remote: 'mf_marketing', kind: 'view' }),
    );
  });

  it('navigates its links through the router, and is rendered by its remote’s code when mounted again', async () => {
    const { container } = await hydratedServicesPage();
    loadExposedComponent.mockResolvedValue({ default: ServicesPage });
    const link = container.querySelector<HTMLAnchorElement>('a[href="/contact"]');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      link?.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('[data-testid="where"]')?.textContent).toBe('/contact');
    expect(loadExposedComponent).not.toHaveBeenCalled();

    // Back to the route by client navigation: nothing prerendered speaks for this mount.
    await act(async () => {
      container.querySelector<HTMLAnchorElement>('a[href="/services"]')?.click();
    });
    expect(loadExposedComponent).toHaveBeenCalledWith('mf_marketing', 'ServicesPage', 0);
    await vi.waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('Comprehensive Digital Solutions'),
    );
    const slot = container.querySelector(`[${slotAttribute}="mf_marketing/ServicesPage"]`);
    expect(slot?.hasAttribute(slotStaticAttribute)).toBe(true);
  });

  it('whose prerender threw (React left the placeholder for the browser) loads its code to render it', async () => {
    loadExposedComponent.mockResolvedValue({ default: ServicesPage });
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = `<div ${slotAttribute}="mf_marketing/ServicesPage" ${slotStaticAttribute}=""><!--$!--><div data-slot-state="loading" aria-busy="true">Loading section…</div><!--/$--></div>`;
    const prerendered = prerenderedSlotsOf(container);
    expect(prerendered.staticHtml.has('mf_marketing/ServicesPage')).toBe(false);
    // What the page holds when the section's content is there: kept as it is.
    container.innerHTML = `<div ${slotAttribute}="mf_marketing/ServicesPage" ${slotStaticAttribute}=""><!--$--><h1>Comprehensive Digital Solutions</h1><!--/$--></div>`;
    expect(prerenderedSlotsOf(container).staticHtml.get('mf_marketing/ServicesPage')).toContain('<h1>');
  });
});
