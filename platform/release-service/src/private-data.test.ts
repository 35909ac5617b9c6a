/**
 * Issue 40, item 8: the release secrets of `npm start` are private whatever the umask. The real code paths run
 * in a child process under umask 022 and 000 (a publish's release log first, as a start writes it, then the
 * service's start, a key, a preview secret), and the modes are read back: deploy/releases/ 0700, operator.key,
 * keys.json and preview.secret 0600; a folder and a key left looser by an earlier start are tightened.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const module = (path: string) => JSON.stringify(pathToFileURL(join(import.meta.dirname, path)).href);
const script = `
import { recordPublished } from 'deploy-folder/release-log';
import { ensurePreviewSecret } from 'deploy-folder/preview/token';
import { ensureOperatorKey } from ${module('keys.ts')};
import { runKeyCommand } from ${module('key-command.ts')};
const deploy = process.argv.at(-1);
recordPublished(deploy, 'mf-portfolio', '1.0.0-aaaaaaaa');
ensureOperatorKey(deploy);
runKeyCommand({ action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' }, { deploy, out: () => undefined });
ensurePreviewSecret(deploy);
`;

let deploy = '';
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

function startUnder(umask: string) {
  const run = spawnSync(
    'sh',
    [
      '-c',
      `umask ${umask} && exec "$0" --import "$1" --input-type=module -e "$2" "$3"`,
      process.execPath,
      tsx,
      script,
      deploy,
    ],
    { cwd: import.meta.dirname, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
}

describe('the release secrets of a start', () => {
  for (const umask of ['022', '000']) {
    it(`are 0600 in a 0700 folder under umask ${umask}`, () => {
      deploy = mkdtempSync(join(tmpdir(), 'private-data-'));
      startUnder(umask);
      const releases = join(deploy, 'releases');
      expect(modeOf(releases)).toBe('700');
      for (const file of ['operator.key', 'keys.json', 'preview.secret'])
        expect([file, modeOf(join(releases, file))]).toEqual([file, '600']);
    });
  }

  it('tightens a folder and a key an earlier start left readable to everyone', () => {
    deploy = mkdtempSync(join(tmpdir(), 'private-data-'));
    const releases = join(deploy, 'releases');
    mkdirSync(releases);
    chmodSync(releases, 0o777);
    writeFileSync(join(releases, 'operator.key'), 'agrk_earlier\n');
    chmodSync(join(releases, 'operator.key'), 0o666);
    startUnder('000');
    expect(modeOf(releases)).toBe('700');
    expect(modeOf(join(releases, 'operator.key'))).toBe('600');
  });
});
