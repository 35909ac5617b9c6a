import { createHash } from 'node:crypto';
import { enquiryApiPaths } from 'shared-content/enquiry';
import { expect, test } from '../../fixtures.ts';
import { everyPagePath, parsePolicy, recordCspViolations, settle } from '../../pages/quality.ts';
import { fetchManifestUrls } from '../../pages/remote-map.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /** The production server's security headers, and a page that runs under them without a single violation. */
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'headers and scripts do not depend on the width');

  const originOf = (url: string) => new URL(url).origin;

  test('every HTML response carries the security headers and a policy built from the environment', async ({
    request,
  }) => {
    const remoteMap = await fetchManifestUrls(request);
    const runtime = (await (await request.get('/runtime.json')).json()) as {
      apiUrl: string;
      emailjs: { origin: string };
    };
    const remoteOrigins = [...new Set(Object.values(remoteMap).map(originOf))];
    expect(remoteOrigins.length).toBeGreaterThan(0);

    for (const path of everyPagePath) {
      const response = await request.get(path);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      const headers = response.headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toMatch(/camera=\(\)/);
      const policy = parsePolicy(headers['content-security-policy'] ?? '');
      // The site, the remotes, and the page loader's code by its hash (the next test).
      expect(policy['script-src'], path).toEqual([
        "'self'",
        ...remoteOrigins,
        expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      ]);
      expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
      expect(policy['object-src'], path).toEqual(["'none'"]);
      // The API only by the paths the site calls, its health beacon among them; never its whole origin.
      expect(policy['connect-src'], path).toEqual(
        expect.arrayContaining([
          "'self'",
          ...remoteOrigins,
          `${runtime.apiUrl}${enquiryApiPaths.beacon}`,
          `${runtime.apiUrl}${enquiryApiPaths.sendEmail}`,
          `${runtime.apiUrl}${enquiryApiPaths.subscribe}`,
        ]),
      );
      expect(policy['connect-src'], path).not.toContain(originOf(runtime.apiUrl));
      if (originOf(runtime.emailjs.origin) !== originOf(runtime.apiUrl))
        expect(policy['connect-src'], path).toContain(originOf(runtime.emailjs.origin));
    }
  });

  test('the HTML runs no inline script but the page loader, which the policy allows by the hash of its code', async ({
    request,
  }) => {
    for (const path of everyPagePath) {
      const response = await request.get(path);
      const html = await response.text();
      const policy = parsePolicy(response.headers()['content-security-policy'] ?? '');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      const inline = scripts.filter(([, attributes = '', body = '']) => {
        // JSON is never executed: structured data, and the list the page loader reads.
        const isData = /type="application\/(ld\+)?json"/.test(attributes);
        const isExternal = /\bsrc="/.test(attributes) && body.trim() === '';
        return !isData && !isExternal;
      });
      // Only the page loader, in the head, and only by its hash: never 'unsafe-inline'.
      expect(inline.length, path).toBe(1);
      const [tag = '', , code = ''] = inline[0] ?? [];
      expect(html.indexOf(tag), path).toBeLessThan(html.indexOf('</head>'));
      expect(code, path).toContain('agencyPageLoader');
      const hash = `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
      expect(policy['script-src'], path).toContain(hash);
      expect(policy['script-src'], path).not.toContain("'unsafe-inline'");
    }
  });

  test('no page or remote breaks the Content-Security-Policy', async ({ page, consoleErrors }) => {
    const violations = await recordCspViolations(page);
    for (const path of everyPagePath) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator('[data-slot-state="failed"]')).toHaveCount(0);
      expect(await violations(), path).toEqual([]);
    }
    expect(consoleErrors.filter((error) => /Content.Security.Policy|Refused to/i.test(error))).toEqual([]);

    // The listener does see a violation: an injected inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem blocked inline/)]);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  });

  test('every link that opens a new tab has rel="noopener noreferrer"', async ({ page }) => {
    for (const path of everyPagePath) {
      await page.goto(path);
      await settle(page);
      const rels = await page
        .locator('a[target="_blank"]')
        .evaluateAll((links) =>
          links.map((link) => `${link.getAttribute('href')} ${link.getAttribute('rel')}`),
        );
      for (const rel of rels) expect(rel, path).toMatch(/ (?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);
      if (path === '/contact') expect(rels.length).toBeGreaterThan(0);
    }
  });

  test('each remote’s standalone page carries the security headers and runs under a policy of its own origin', async ({
    request,
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const remoteMap = await fetchManifestUrls(request);
    for (const [name, manifestUrl] of Object.entries(remoteMap)) {
      // A released version's standalone page sits beside its manifest.
      const standalone = manifestUrl.replace(/mf-manifest\.json$/, 'index.html');
      const response = await request.get(standalone);
      expect(response.status(), standalone).toBe(200);
      const headers = response.headers();
      expect(headers['x-frame-options'], name).toBe('DENY');
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], name).toMatch(/camera=\(\)/);
      const policy = parsePolicy(headers['content-security-policy'] ?? '');
      expect(policy['frame-ancestors'], name).toEqual(["'none'"]);
      expect(policy['default-src'], name).toEqual(["'self'"]);
      expect(policy['script-src'], name).toEqual(["'self'"]);
      expect(policy['object-src'], name).toEqual(["'none'"]);

      // It runs under that policy: the showcase and one expose render, nothing is refused. ('commit': the page
      // has a #root but is no page of the site's, so it never marks itself interactive.)
      await page.goto(standalone, { waitUntil: 'commit' });
      const exposes = page.getByRole('navigation', { name: `${name} exposes` });
      await expect(exposes.getByRole('link', { name, exact: true })).toBeVisible();
      await exposes.getByRole('link').nth(1).click();
      await expect(page.getByRole('heading').first()).toBeVisible();
      expect(await violations(), name).toEqual([]);
    }
  });
});
