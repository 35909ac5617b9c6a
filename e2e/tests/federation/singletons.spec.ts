import { expect, test } from '../../fixtures.ts';

test.describe('', { tag: ['@composition', '@smoke'] }, () => {
  test('react, the router and emotion are loaded once, from the shell', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    // Sections below the fold hydrate when the browser is idle: wait until every one of them is live.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // On a page load the home page runs only the code of its sections that need it (none of mf_marketing's
    // uses the router); a client navigation renders /services with mf_marketing's code, links and all.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page.locator('[data-remote-slot="mf_marketing/ServicesPage"]')).toHaveAttribute(
      'data-slot-live',
      '',
    );
    // Every share scope the runtime holds: which copy of each package was loaded, from whom, used by whom.
    const loaded = await page.evaluate(() => {
      type Info = { from: string; loaded?: boolean; useIn: string[] };
      type Scopes = Record<string, Record<string, Record<string, Info>>>;
      const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Scopes> } })
        .__FEDERATION__.__SHARE__;
      const result: Record<string, { copies: string[]; users: string[] }> = {};
      for (const scopes of Object.values(share)) {
        for (const [name, versions] of Object.entries(scopes.default ?? {})) {
          for (const [version, info] of Object.entries(versions)) {
            if (!info.loaded) continue;
            result[name] ??= { copies: [], users: [] };
            const entry = result[name];
            entry.copies.push(`${version} from ${info.from}`);
            entry.users.push(...info.useIn);
          }
        }
      }
      return Object.fromEntries(
        Object.entries(result).map(([name, { copies, users }]) => [
          name,
          { copies: [...new Set(copies)], users: [...new Set(users)].sort() },
        ]),
      );
    });
    for (const name of ['react', 'react-dom', 'site-router', '@emotion/react', '@emotion/styled']) {
      expect(loaded[name]?.copies, `${name}: one loaded copy, the shell's`).toHaveLength(1);
      expect(loaded[name]?.copies[0], name).toMatch(/ from shell$/);
    }
    // The router is lent as site-router only: react-router-dom itself is not shared (the shell's is tree-shaken).
    expect(Object.keys(loaded)).not.toContain('react-router-dom');
    // The remotes use the shell's copies instead of their own.
    for (const name of ['react', 'site-router', '@emotion/styled']) {
      expect(loaded[name]?.users, name).toEqual(expect.arrayContaining(['mf_marketing', 'mf_portfolio']));
    }
    // A remote asks for @emotion/react only if its code calls it directly (mf_marketing's keyframes and css);
    // mf_portfolio styles through @emotion/styled alone, which runs on the shell's @emotion/react.
    expect(loaded['@emotion/react']?.users, '@emotion/react').toEqual(
      expect.arrayContaining(['mf_marketing']),
    );
  });

  test('a remote’s styled component uses the shell’s theme', async ({ page }) => {
    await page.goto('/');
    // The hero's eyebrow (mf_marketing) takes its background from theme.color.bg.accent of the shell's ThemeProvider.
    await expect(page.getByText('INNOVATIVE SOLUTIONS')).toHaveCSS('background-color', 'rgb(251, 191, 36)');
  });

  test('a remote’s link navigates in the shell’s router without a reload', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: 'Explore Our Services' }).click();
    await expect(page).toHaveURL('/services');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Comprehensive Digital Solutions' }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });

  test('the remotes run on the shell’s federation runtime instead of a copy each', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    // Sections below the fold hydrate when the browser is idle: wait until every one of them is live.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // The shell lends its runtime when it becomes a host (federation-host.ts); every instance, the shell's and
    // each remote's, is then built by that runtime's class.
    const instances = await page.evaluate(() => {
      const scope = globalThis as {
        __FEDERATION__?: { __INSTANCES__?: Array<{ name: string; constructor: unknown }> };
        _FEDERATION_RUNTIME_CORE?: { ModuleFederation?: unknown };
      };
      const lent = scope._FEDERATION_RUNTIME_CORE?.ModuleFederation;
      return (scope.__FEDERATION__?.__INSTANCES__ ?? []).map((instance) => ({
        name: instance.name,
        onLentRuntime: lent !== undefined && instance.constructor === lent,
      }));
    });
    expect(instances.map(({ name }) => name).sort()).toEqual(['mf_marketing', 'mf_portfolio', 'shell']);
    expect(instances.filter(({ onLentRuntime }) => !onLentRuntime)).toEqual([]);
    // The standalone pages' runtime script is never part of the composed site.
    expect(scripts.filter((url) => url.includes('/federation-runtime.js'))).toEqual([]);
    expect(scripts.filter((url) => /\/mf_(marketing|portfolio)\.[0-9a-f]+\.js$/.test(url))).toHaveLength(2);
  });
});
