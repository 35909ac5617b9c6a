import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('writePages with colliding routes', () => {
  let deploy: string | undefined;
  afterEach(() => {
    vi.doUnmock('shared-content/site');
    vi.resetModules();
    if (deploy) rmSync(deploy, { recursive: true, force: true });
  });

  it('throws before writing anything, so the live pages stay as they are', async () => {
    vi.resetModules();
    vi.doMock('shared-content/site', async (importOriginal) => {
      const actual = await importOriginal<typeof import('shared-content/site')>();
      // Non-ASCII letters are not encoded: "É" and "é" still fold together.
      const clash = {
        path: '/Équipe',
        aliases: ['/équipe'],
        title: 'Équipe',
        description: 'Équipe',
        slots: [],
      };
      return { ...actual, routes: { ...actual.routes, clash } };
    });
    const { writePages } = await import('./pages.ts');
    deploy = mkdtempSync(join(tmpdir(), 'page-files-test-'));
    mkdirSync(join(deploy, 'shell'), { recursive: true });
    writeFileSync(join(deploy, 'shell', 'index.html'), '<html><head></head><body></body></html>');
    mkdirSync(join(deploy, 'pages'));
    writeFileSync(join(deploy, 'pages', 'services.html'), 'live');
    expect(() => writePages(deploy ?? '', siteUrlsSetting({}), [], () => [])).toThrow(
      /"\/Équipe" \(Équipe\.html\) and "\/équipe" \(équipe\.html\)/,
    );
    expect(readdirSync(join(deploy, 'pages'))).toEqual(['services.html']);
    expect(existsSync(join(deploy, `pages.${process.pid}.staging`))).toBe(false);
  });
});
