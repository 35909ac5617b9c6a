import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatHostsTable } from './hosts-table.ts';
import { nearestInSize, servedScripts } from './hosts-targets.ts';

describe('the bench’s chunk', () => {
  const deploy = mkdtempSync(join(tmpdir(), 'bench-hosts-'));
  afterAll(() => rmSync(deploy, { recursive: true, force: true }));

  it('is the deploy’s content-hashed script nearest to 20 kB, in the shell or a remote version', () => {
    const write = (path: string, bytes: number) => {
      mkdirSync(join(deploy, path, '..'), { recursive: true });
      writeFileSync(join(deploy, path), 'x'.repeat(bytes));
    };
    write('shell/static/js/index.612746b1.js', 90_000);
    write('shell/static/js/page-loader.js', 20_480);
    write('mf-contact/1.0.0-ab/static/js/async/7f.9c07204e9c.js', 20_743);
    write('mf-contact/1.0.0-ab/static/css/7f.9c07204e9c.css', 20_480);
    write('mf-portfolio/1.0.0-cd/static/js/async/3.0a1b2c3d4e.js', 12_000);
    const files = servedScripts(deploy, ['shell', 'mf-contact', 'mf-portfolio']);
    expect(files.map((file) => `${file.root}${file.urlPath}`).sort()).toEqual([
      'mf-contact/1.0.0-ab/static/js/async/7f.9c07204e9c.js',
      'mf-portfolio/1.0.0-cd/static/js/async/3.0a1b2c3d4e.js',
      'shell/static/js/index.612746b1.js',
    ]);
    expect(nearestInSize(files, 20 * 1024)).toEqual({
      root: 'mf-contact',
      urlPath: '/1.0.0-ab/static/js/async/7f.9c07204e9c.js',
      bytes: 20_743,
    });
    expect(nearestInSize([], 20 * 1024)).toBeUndefined();
  });
});

describe('the bench’s table', () => {
  it('puts the hosts side by side and says when answers failed', () => {
    const figure = { p50Ms: 1, non2xx: 0, errors: 0 };
    expect(
      formatHostsTable([
        { ...figure, host: 'embedded', target: '/remotes.json', requestsPerSecond: 4321.4, p99Ms: 9 },
        {
          ...figure,
          host: 'nginx',
          target: '/remotes.json',
          requestsPerSecond: 12345.6,
          p99Ms: 3,
          non2xx: 2,
        },
      ]),
    ).toBe(
      [
        '| target        | embedded              | nginx                             |',
        '| ------------- | --------------------- | --------------------------------- |',
        '| /remotes.json | 4,321 req/s, p99 9 ms | 12,346 req/s, p99 3 ms (2 failed) |',
      ].join('\n'),
    );
  });
});
