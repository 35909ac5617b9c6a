import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../../fixtures.ts';
import { everyPagePath } from '../../pages/quality.ts';

/**
 * Every prerendered page, as the production server sends it, validates with zero errors in the W3C Nu HTML
 * checker (vnu.jar from the vnu-jar package, on Java: npm test installs Debian's when it is missing,
 * platform/kit/src/debian-tools.ts). The checker starts once for all pages (a JVM start takes seconds); each route is a
 * test of its own, failing with every error it has. Warnings do not fail a page: they are attached to its test.
 */

interface NuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const fileOf = (path: string) => `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}.html`;

/** "line:column message (extract)", short enough to read in a failure list. */
const formatMessage = ({ lastLine, firstColumn, message, extract }: NuMessage) =>
  `${lastLine ?? '?'}:${firstColumn ?? '?'} ${message}${extract ? ` (${extract.trim().slice(0, 120)})` : ''}`;

let messagesByFile = new Map<string, NuMessage[]>();

// In order in one worker: the checker runs once, in beforeAll, for every test.
test.describe('', { tag: ['@composition'] }, () => {
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async ({ playwright }, testInfo) => {
    test.skip((testInfo.project.use.viewport?.width ?? 0) < 768, 'the HTML does not depend on the width');
    testInfo.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const folder = mkdtempSync(join(tmpdir(), 'html-validity-'));
    try {
      for (const path of everyPagePath) {
        const response = await request.get(path);
        expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
        writeFileSync(join(folder, fileOf(path)), await response.body());
      }
      const files = everyPagePath.map((path) => join(folder, fileOf(path)));
      const checker = spawnSync(
        'java',
        ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      if (checker.error || checker.status !== 0) {
        throw new Error(
          `The Nu HTML checker did not run (${checker.error?.message ?? checker.stderr}); it needs Java 11 or newer: ` +
            'npm test installs Debian default-jre-headless, or run "apt-get install -y default-jre-headless".',
        );
      }
      const { messages } = JSON.parse(checker.stdout) as { messages: NuMessage[] };
      // The checker names a file as file:/path, not file:///path: compared by path.
      const fileNameOf = (message: NuMessage) =>
        message.url?.startsWith('file:') ? basename(fileURLToPath(message.url)) : undefined;
      messagesByFile = new Map(
        everyPagePath.map((path) => [
          fileOf(path),
          messages.filter((message) => fileNameOf(message) === fileOf(path)),
        ]),
      );
      // A message about no page (the checker itself failing) fails every test.
      const pageFiles = new Set(everyPagePath.map(fileOf));
      const unplaced = messages.filter((message) => !pageFiles.has(fileNameOf(message) ?? ''));
      if (unplaced.length > 0)
        throw new Error(`The Nu HTML checker: ${unplaced.map(formatMessage).join('; ')}`);
    } finally {
      await request.dispose();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  for (const path of everyPagePath) {
    test(`${path} validates with no error in the W3C Nu HTML checker`, async () => {
      const messages = messagesByFile.get(fileOf(path));
      expect(messages, `the checker's report on ${path}`).toBeDefined();
      for (const warning of (messages ?? []).filter((message) => message.subType === 'warning')) {
        test.info().annotations.push({ type: 'Nu warning', description: formatMessage(warning) });
      }
      const errors = (messages ?? []).filter((message) => message.type === 'error').map(formatMessage);
      expect(errors, `${errors.length} Nu HTML checker errors on ${path}`).toEqual([]);
    });
  }
});
