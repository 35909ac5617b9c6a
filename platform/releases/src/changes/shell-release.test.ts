import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { liveShellVersion } from 'deploy-folder/live-state';
import { releaseEvents } from 'deploy-folder/release-log';
import type { Prerender } from 'site-pages/pages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeSettings, makeDeploy, marketingBuild } from '../../testing/fixtures.ts';
import { releaseBuild } from './release.ts';
import { releaseShell, type ShellBuild, shellBuildIn } from './shell-release.ts';

let fixture: ReturnType<typeof makeDeploy>;
let marketing: string;
let prerendered: ReadonlyArray<string | null>[];
const shellIndex = (label: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script defer src="/static/js/${label}.js"></script></head><body><div id="root"></div></body></html>`;
const prerender: Prerender = (_deploy, paths) => {
  prerendered.push(paths);
  return paths.map((path) => ({
    path,
    html: '<main></main>',
    styles: '',
    failedSlots: [],
    renderErrors: [],
  }));
};

/** Every file of a folder with its SHA-256. */
function digest(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')];
    }),
  );
}

/** A shell build in `<work>/<label>/{dist,dist-server}` whose manifest is the deployed one, changed by `edit`. */
function shellBuild(
  label: string,
  edit: (manifest: { shared: { name: string; version: string }[] }) => void,
) {
  const folder = join(fixture.work, label);
  mkdirSync(join(folder, 'dist', 'static', 'js'), { recursive: true });
  mkdirSync(join(folder, 'dist-server'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(fixture.deploy, 'shell', 'mf-manifest.json'), 'utf8'));
  edit(manifest);
  writeFileSync(join(folder, 'dist', 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(folder, 'dist', 'index.html'), shellIndex(label));
  writeFileSync(join(folder, 'dist', 'static', 'js', `${label}.js`), `start(${JSON.stringify(label)})`);
  writeFileSync(join(folder, 'dist-server', 'index.js'), `exports.label = ${JSON.stringify(label)};`);
  return shellBuildIn(folder);
}

function deployShell(build: ShellBuild) {
  releaseShell(fixture.deploy, { build, settings: changeSettings, prerender });
}

beforeEach(() => {
  fixture = makeDeploy();
  prerendered = [];
  // Only mf-marketing is live here, released as a team would; the shell is then released once.
  writeFileSync(join(fixture.deploy, 'shell', 'remotes.json'), '{}');
  marketing = releaseBuild(fixture.deploy, 'mf_marketing', {
    buildDir: marketingBuild(fixture.work),
    settings: changeSettings,
  }).version;
  writeFileSync(join(fixture.deploy, 'shell', 'runtime.json'), '{"apiUrl":"http://localhost:5010"}');
  deployShell(shellBuild('first', () => {}));
});
afterEach(() => fixture.remove());

describe('pnpm release shell', () => {
  it('checks every live remote version, publishes the shell, writes the pages and logs it', () => {
    const before = liveShellVersion(fixture.deploy);
    const build = shellBuild('second', () => {});
    const outcome = releaseShell(fixture.deploy, {
      build,
      settings: changeSettings,
      prerender,
      now: new Date('2026-11-26T03:00:00Z'),
    });

    expect(outcome).toEqual({ version: liveShellVersion(fixture.deploy), previous: before, forced: [] });
    expect(outcome.version).not.toBe(before);
    const shell = join(fixture.deploy, 'shell');
    expect(readFileSync(join(shell, 'index.html'), 'utf8')).toBe(shellIndex('second'));
    // The first shell's files went once the pages were written; the environment's files stayed.
    expect(existsSync(join(shell, 'static', 'js', 'first.js'))).toBe(false);
    expect(readFileSync(join(shell, 'runtime.json'), 'utf8')).toBe('{"apiUrl":"http://localhost:5010"}');
    expect(readFileSync(join(shell, 'remotes.json'), 'utf8')).toContain(marketing);
    expect(readFileSync(join(fixture.deploy, 'shell-server', 'index.js'), 'utf8')).toContain('second');
    expect(prerendered).toHaveLength(2);
    expect(readFileSync(join(fixture.deploy, 'pages', 'index.html'), 'utf8')).toContain('second.js');
    expect(releaseEvents(fixture.deploy, 'shell').at(-1)).toEqual({
      action: 'release',
      version: outcome.version,
      at: '2026-11-26T03:00:00.000Z',
      by: 'manual',
      defaultVersion: before,
    });
  });

  it('is refused, naming the remote, its version and why, when a live remote would break; nothing changes', () => {
    const build = shellBuild('old-react', (manifest) => {
      for (const shared of manifest.shared) if (shared.name === 'react') shared.version = '18.3.1';
    });
    const before = digest(fixture.deploy);
    expect(() => releaseShell(fixture.deploy, { build, settings: changeSettings, prerender })).toThrow(
      new RegExp(
        `^The shell \\S+ would break remotes that are live here, so nothing changed:\\n` +
          `  - mf-marketing ${marketing} \\(default, 100%\\): .*react.*18\\.3\\.1`,
      ),
    );
    expect(digest(fixture.deploy)).toEqual(before);
    expect(prerendered).toHaveLength(1);
  });

  it('is released anyway with --force, saying which remotes break', () => {
    const build = shellBuild('forced', (manifest) => {
      for (const shared of manifest.shared) if (shared.name === 'react') shared.version = '18.3.1';
    });
    const outcome = releaseShell(fixture.deploy, {
      build,
      settings: changeSettings,
      prerender,
      force: true,
    });
    expect(outcome.forced).toEqual([
      expect.stringMatching(`^mf-marketing ${marketing} \\(default, 100%\\): `),
    ]);
    expect(liveShellVersion(fixture.deploy)).toBe(outcome.version);
  });

  it('changes nothing when the build is the live shell already', () => {
    const before = digest(fixture.deploy);
    const outcome = releaseShell(fixture.deploy, {
      build: shellBuildIn(join(fixture.work, 'first')),
      settings: changeSettings,
      prerender,
    });
    expect(outcome.version).toBe(outcome.previous);
    expect(digest(fixture.deploy)).toEqual(before);
  });
});
