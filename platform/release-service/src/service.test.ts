import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { serverBuildDir } from 'deploy-model/layout';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  post,
  printed,
  remoteBuild,
  serviceEnv,
  startService,
  startTestService,
  type TestService,
  upload,
} from '../testing/service.ts';
import { runKeyCommand } from './key-command.ts';

let site: TestService;

/** A new key for the scope, as the operator creates it on the host: the last line printed. */
function keyFor(scope: string, name?: string): string {
  const lines: string[] = [];
  runKeyCommand(
    { action: 'create', scope, ...(name ? { name } : {}) },
    {
      deploy: site.deploy,
      out: (text) => lines.push(...text.split('\n')),
    },
  );
  return lines.at(-1) ?? '';
}

const live = (name: 'mf_marketing' | 'mf_portfolio' | 'mf_contact') => {
  const document = readRemoteMapDocument(site.deploy);
  return {
    default: defaultEntry(document, name)?.metadata.version,
    canary: canaryEntry(document, name)?.metadata.version,
    traffic: canaryEntry(document, name)?.deployment.traffic,
  };
};
const page = (file = 'index.html') => readFileSync(join(site.deploy, 'pages', file), 'utf8');
/** The home pages of the canary's page variants (pages/buckets/<from>-<to>/). */
const variantPages = () => {
  const buckets = join(site.deploy, 'pages', 'buckets');
  if (!existsSync(buckets)) return [];
  return readdirSync(buckets).map((variant) => readFileSync(join(buckets, variant, 'index.html'), 'utf8'));
};

/** A shell build in `<work>/<label>/{dist,dist-server}`: the deployed one's manifest changed by `edit`, its own page. */
function shellBuild(
  label: string,
  edit: (manifest: { shared: { name: string; version: string }[] }) => void = () => {},
) {
  const folder = join(site.work, label);
  mkdirSync(join(folder, 'dist', 'static', 'js'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(site.deploy, 'shell', 'mf-manifest.json'), 'utf8'));
  edit(manifest);
  writeFileSync(join(folder, 'dist', 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    join(folder, 'dist', 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script defer src="/static/js/${label}.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(folder, 'dist', 'static', 'js', `${label}.js`), `start(${JSON.stringify(label)})`);
  cpSync(serverBuildDir(site.deploy), join(folder, 'dist-server'), { recursive: true });
  return folder;
}

beforeEach(async () => {
  site = await startTestService();
});
afterEach(() => site.stop());

describe('the release service: who may change what', () => {
  it('answers 401 with no key, a wrong key or a revoked key, and 403 for a key of another remote; nothing changes', async () => {
    const portfolioKey = keyFor('mf-portfolio', 'portfolio-ci');
    const revokedKey = keyFor('mf-marketing', 'old-marketing-ci');
    runKeyCommand(
      { action: 'revoke', name: 'old-marketing-ci' },
      { deploy: site.deploy, out: () => undefined },
    );
    const build = remoteBuild(site.work, 'mf_marketing');
    const before = digestOf(site.deploy);

    for (const key of [undefined, 'agrk_not-a-key', revokedKey, `${site.keys.operator}x`, '']) {
      const reply = await upload(site.url, key, 'mf-marketing', build);
      expect(reply.status, String(key)).toBe(401);
      expect(reply.body.problem).toBe('unauthorized');
      expect((await post(site.url, key, releaseRoutes.promote('mf-marketing'))).status).toBe(401);
      expect((await get(site.url, key, releaseRoutes.log)).status).toBe(401);
    }
    const forbidden = await upload(site.url, portfolioKey, 'mf-marketing', build);
    expect(forbidden).toMatchObject({ status: 403, body: { problem: 'forbidden' } });
    expect(forbidden.body.error).toMatch(/"portfolio-ci" is for mf-portfolio; it cannot change mf-marketing/);
    for (const path of [
      releaseRoutes.promote('mf-marketing'),
      releaseRoutes.abort('mf-contact'),
      releaseRoutes.rollback('mf-marketing'),
      releaseRoutes.rollback('shell'),
      releaseRoutes.check,
    ]) {
      expect((await post(site.url, portfolioKey, path, {})).status, path).toBe(403);
    }
    expect((await upload(site.url, portfolioKey, 'shell', build)).status).toBe(403);
    expect(digestOf(site.deploy)).toEqual(before);
    expect((await get(site.url, undefined, releaseRoutes.health)).body).toEqual({
      ok: true,
      status: 'idle',
    });
  }, 60_000);

  it('lets the operator key change every remote, and a team key its own', async () => {
    const portfolioKey = keyFor('mf-portfolio');
    const marketing = await upload(
      site.url,
      site.keys.operator,
      'mf-marketing',
      remoteBuild(site.work, 'mf_marketing'),
    );
    expect(marketing.status, printed(marketing)).toBe(200);
    const portfolio = await upload(
      site.url,
      portfolioKey,
      'mf-portfolio',
      remoteBuild(site.work, 'mf_portfolio'),
    );
    expect(portfolio.status, printed(portfolio)).toBe(200);
    expect(readAudit(site.deploy).map(({ by, scope }) => [by, scope])).toEqual([
      ['operator', 'mf-marketing'],
      ['mf-portfolio-1', 'mf-portfolio'],
    ]);
  }, 60_000);
});

describe('the release service: its log', () => {
  it('logs each change as the audit has it, and each refused change with who and from where', async () => {
    const lines: string[] = [];
    const logged = await startService(site.deploy, serviceEnv, {
      log: { info: (line) => lines.push(`info: ${line}`), error: (line) => lines.push(`error: ${line}`) },
    });
    try {
      const key = keyFor('mf-contact', 'contact-ci');
      await upload(logged.url, 'agrk_guess', 'mf-contact', remoteBuild(site.work, 'mf_contact'));
      await post(logged.url, key, releaseRoutes.promote('mf-marketing'));
      const reply = await upload(logged.url, key, 'mf-contact', remoteBuild(site.work, 'mf_contact'));
      expect(reply.status, printed(reply)).toBe(200);
      expect(lines).toEqual([
        'error: Release service: POST /v1/mf-contact/releases by no valid key from 127.0.0.1 refused (401)',
        'error: Release service: POST /v1/mf-marketing/promote by contact-ci from 127.0.0.1 refused (403)',
        expect.stringMatching(
          /^info: Release service: \S+Z {2}mf-contact {4}release {3}\S+ \(was \S+\) {2}by contact-ci from 127\.0\.0\.1$/,
        ),
      ]);
    } finally {
      await logged.stop();
    }
  }, 60_000);
});

describe('the release service: releases through HTTP', () => {
  it('publishes an uploaded build, points the remote map at it, writes the pages and records who, from where, what and when', async () => {
    const key = keyFor('mf-portfolio', 'portfolio-ci');
    const previous = site.live.mf_portfolio;
    const started = Date.now();
    const reply = await upload(site.url, key, 'mf-portfolio', remoteBuild(site.work, 'mf_portfolio'));
    expect(reply.status, printed(reply)).toBe(200);
    const version = live('mf_portfolio').default;
    expect(version).not.toBe(previous);
    expect(printed(reply)).toContain(`Released mf-portfolio ${version} (was ${previous})`);
    expect(
      readFileSync(join(site.deploy, 'mf-portfolio', String(version), 'mf-manifest.json'), 'utf8'),
    ).toContain('mf_portfolio');
    expect(page()).toContain(`mf_portfolio@${version}`);
    expect(page()).not.toContain(`mf_portfolio@${previous}`);
    const [entry, ...more] = readAudit(site.deploy);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      at: expect.any(String),
      by: 'portfolio-ci',
      from: '127.0.0.1',
      scope: 'mf-portfolio',
      action: 'release',
      version,
      previous,
    });
    expect(Date.parse(String(entry?.at))).toBeGreaterThanOrEqual(started - 1000);
    expect(reply.body.audit).toEqual([entry]);
    const log = await get(site.url, key, `${releaseRoutes.log}?remote=mf-portfolio`);
    expect(log.body.entries).toEqual([entry]);
    expect(printed(log)).toContain(
      `mf-portfolio  release   ${version} (was ${previous})  by portfolio-ci from 127.0.0.1`,
    );
  }, 60_000);

  it('runs a canary, its abort and its promote, and a rollback, each reaching the map and the pages, each in the audit', async () => {
    const key = keyFor('mf-marketing', 'marketing-ci');
    const first = site.live.mf_marketing;

    const canary = await upload(
      site.url,
      key,
      'mf-marketing',
      remoteBuild(site.work, 'mf_marketing'),
      '?canary=10',
    );
    expect(canary.status, printed(canary)).toBe(200);
    const aborted = live('mf_marketing');
    expect(aborted).toMatchObject({ default: first, traffic: 10 });
    expect(printed(canary)).toContain(`Canary: mf-marketing ${aborted.canary} now serves 10% of visitors`);
    // The canary's visitors get pages of their own, rendered with the canary.
    expect(variantPages().some((html) => html.includes(`mf_marketing@${aborted.canary}`))).toBe(true);
    expect(page()).toContain(`mf_marketing@${first}`);

    const abort = await post(site.url, key, releaseRoutes.abort('mf-marketing'), {
      reason: 'errors in the hero',
    });
    expect(abort.status, printed(abort)).toBe(200);
    expect(live('mf_marketing')).toEqual({ default: first, canary: undefined, traffic: undefined });

    await upload(site.url, key, 'mf-marketing', remoteBuild(site.work, 'mf_marketing'), '?canary=25');
    const promoted = String(live('mf_marketing').canary);
    const promote = await post(site.url, key, releaseRoutes.promote('mf-marketing'));
    expect(promote.status, printed(promote)).toBe(200);
    expect(live('mf_marketing').default).toBe(promoted);
    expect(page()).toContain(`mf_marketing@${promoted}`);

    const versions = await get(site.url, key, releaseRoutes.versions('mf-marketing'));
    expect(versions.body.live).toBe(promoted);
    expect(printed(versions)).toContain(`${promoted}`);

    const rollback = await post(site.url, key, releaseRoutes.rollback('mf-marketing'), { version: first });
    expect(rollback.status, printed(rollback)).toBe(200);
    expect(printed(rollback)).toContain(`Rolled mf-marketing back to ${first} (was ${promoted})`);
    expect(live('mf_marketing').default).toBe(first);
    expect(page()).toContain(`mf_marketing@${first}`);

    expect(
      readAudit(site.deploy).map(({ by, from, scope, action, version, previous, traffic, reason }) => ({
        by,
        from,
        scope,
        action,
        version,
        previous,
        traffic,
        reason,
      })),
    ).toEqual([
      {
        by: 'marketing-ci',
        from: '127.0.0.1',
        scope: 'mf-marketing',
        action: 'canary',
        version: aborted.canary,
        previous: first,
        traffic: 10,
        reason: undefined,
      },
      {
        by: 'marketing-ci',
        from: '127.0.0.1',
        scope: 'mf-marketing',
        action: 'abort',
        version: aborted.canary,
        previous: first,
        traffic: 10,
        reason: 'errors in the hero',
      },
      {
        by: 'marketing-ci',
        from: '127.0.0.1',
        scope: 'mf-marketing',
        action: 'canary',
        version: promoted,
        previous: first,
        traffic: 25,
        reason: undefined,
      },
      {
        by: 'marketing-ci',
        from: '127.0.0.1',
        scope: 'mf-marketing',
        action: 'promote',
        version: promoted,
        previous: first,
        traffic: 25,
        reason: undefined,
      },
      {
        by: 'marketing-ci',
        from: '127.0.0.1',
        scope: 'mf-marketing',
        action: 'rollback',
        version: first,
        previous: promoted,
        traffic: undefined,
        reason: undefined,
      },
    ]);
  }, 120_000);

  it('releases the shell from an upload of its dist/ and dist-server/, writing the pages from its new index.html', async () => {
    const key = keyFor('shell', 'shell-ci');
    const build = shellBuild('second');
    const reply = await upload(site.url, key, 'shell', build, '', ['dist', 'dist-server']);
    expect(reply.status, printed(reply)).toBe(200);
    expect(printed(reply)).toMatch(
      /^Released the shell \S+ \(was \S+\); every live remote version was checked/,
    );
    expect(page()).toContain('/static/js/second.js');
    expect(page()).toContain(`mf_portfolio@${site.live.mf_portfolio}`);
    expect(readAudit(site.deploy)).toEqual([
      expect.objectContaining({ by: 'shell-ci', scope: 'shell', action: 'release', from: '127.0.0.1' }),
    ]);
  }, 60_000);

  it('refuses a shell that would break a live remote with 422, naming it; nothing changes', async () => {
    const key = keyFor('shell');
    const build = shellBuild('old-react', (manifest) => {
      for (const shared of manifest.shared) if (shared.name === 'react') shared.version = '18.3.1';
    });
    const before = digestOf(site.deploy);
    const reply = await upload(site.url, key, 'shell', build, '', ['dist', 'dist-server']);
    expect(reply).toMatchObject({ status: 422, body: { problem: 'incompatible' } });
    expect(reply.body.error).toMatch(
      /would break remotes that are live here, so nothing changed:\n {2}- mf-marketing /,
    );
    expect(digestOf(site.deploy)).toEqual(before);
  }, 60_000);
});
