/**
 * Issue 40: a team's upload that stalls (one byte every few seconds) held its remote's lock for 336 s, so the
 * operator's rollback got 409 and the canary check skipped a canary it had judged bad. Here, over real sockets on
 * loopback: the stalled uploads hold nothing, the rollback and the automatic abort are done meanwhile, and each
 * stalled upload ends with 408 within seconds, in the audit log; and a team's release still waiting its turn
 * yields to the automatic abort of its remote's bad canary.
 */
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { contentDigestHeader, releaseRoutes } from 'build-config/release-protocol';
import { readAudit, readAuditWithUploads } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { startCanary } from 'releases/canary/release-canary';
import { releaseBuild } from 'releases/changes/release';
import { type HealthApi, startHealthApi } from 'releases/testing/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeServiceDeploy,
  post,
  printed,
  type Reply,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
  upload,
} from '../testing/service.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import { type OperationRequest, runOperationInChild } from './operation.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let health: HealthApi;
let service: RunningReleaseService | undefined;
let canary: string;
let operatorKey: string;
let env: NodeJS.ProcessEnv;

beforeEach(async () => {
  site = makeServiceDeploy();
  canary = startCanary(site.deploy, 'mf_marketing', {
    buildDir: remoteBuild(site.work, 'mf_marketing'),
    percent: 10,
    settings: loadChangeSettings(serviceEnv),
  }).version;
  health = await startHealthApi();
  health.useDeploy(site.deploy);
  env = { ...serviceEnv, ...health.env, AGENCY_CANARY_CHECK_SECONDS: '1' };
  operatorKey = ensureOperatorKey(site.deploy);
}, 60_000);
afterEach(async () => {
  await service?.stop();
  service = undefined;
  await health.stop();
  site.remove();
});

const liveCanary = () => canaryEntry(readRemoteMapDocument(site.deploy), 'mf_marketing')?.metadata.version;
const liveDefault = (name: 'mf_marketing' | 'mf_portfolio') =>
  defaultEntry(readRemoteMapDocument(site.deploy), name)?.metadata.version;

/** The canary fails half its loads from many visitors in many networks; the default none of its many. */
async function canaryTurnsBad() {
  await health.report('mf_marketing', site.live.mf_marketing, { view: 500 });
  await health.report('mf_marketing', canary, { view: 100, 'render-error': 50 });
}

async function until(what: string, done: () => boolean, ms: number) {
  for (const deadline = Date.now() + ms; !done(); await sleep(100))
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms / 1000} s`);
}

/**
 * An upload over a raw socket that declares 4 kB and sends one byte every `everyMs`: the client a stalled or
 * hostile pipeline is. Resolves to the reply's status and body, and when the connection ended.
 */
function trickle(url: string, key: string, scope: string, everyMs: number) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  let answeredAt = 0;
  socket.on('data', (chunk: Buffer) => {
    answeredAt ||= Date.now();
    chunks.push(chunk);
  });
  socket.write(
    [
      `POST ${releaseRoutes.release(scope as 'mf-marketing')} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Authorization: Bearer ${key}`,
      'Content-Type: application/gzip',
      `${contentDigestHeader}: sha-256=:${Buffer.alloc(32).toString('base64')}:`,
      'Content-Length: 4096',
      '',
      '',
    ].join('\r\n'),
  );
  const drip = setInterval(() => socket.writable && socket.write(Buffer.from([0x1f])), everyMs);
  const reply = new Promise<Reply & { answeredAt: number; closedAt: number }>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => {
      clearInterval(drip);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      resolve({
        status,
        body: JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)),
        answeredAt,
        closedAt: Date.now(),
      });
    });
  });
  return { reply, stop: () => socket.destroy() };
}

describe('a stalled upload holds nothing (issue 40)', () => {
  it('the operator rolls back and the canary check aborts a bad canary while two uploads stall; each stalled upload ends with 408 in seconds', async () => {
    // mf-portfolio has a version before the live one to roll back to.
    const previous = site.live.mf_portfolio;
    const current = releaseBuild(site.deploy, 'mf_portfolio', {
      buildDir: remoteBuild(site.work, 'mf_portfolio'),
      settings: loadChangeSettings(serviceEnv),
    }).version;
    service = await startService(site.deploy, env, {
      log: { info() {}, error() {} },
    });
    const marketingKey = createKey(site.deploy, 'mf-marketing', 'marketing-ci').key;
    const portfolioKey = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci').key;
    const started = Date.now();
    const stalled = [
      trickle(service.url, marketingKey, 'mf-marketing', 2000),
      trickle(service.url, portfolioKey, 'mf-portfolio', 2000),
    ];
    try {
      await sleep(2500);

      const rollback = await post(service.url, operatorKey, releaseRoutes.rollback('mf-portfolio'), {});
      expect(rollback.status, printed(rollback) || rollback.body.error).toBe(200);
      expect(liveDefault('mf_portfolio')).toBe(previous);
      expect(liveDefault('mf_portfolio')).not.toBe(current);
      const rolledBackAfter = Date.now() - started;

      await canaryTurnsBad();
      await until('the automatic abort', () => liveCanary() === undefined, 30_000);
      const abortedAfter = Date.now() - started;
      await until('its audit entry', () => readAudit(site.deploy).length === 2, 10_000);
      expect(readAudit(site.deploy).map(({ by, action, scope }) => [by, action, scope])).toEqual([
        ['operator', 'rollback', 'mf-portfolio'],
        ['automatic', 'abort', 'mf-marketing'],
      ]);

      const replies = await Promise.all(stalled.map(({ reply }) => reply));
      for (const reply of replies) {
        expect(reply).toMatchObject({ status: 408, body: { problem: 'timeout' } });
        expect(reply.body.error).toMatch(/^The upload stalled: \d+ bytes arrived in \d+ s/);
        // The grace is 10 s; what trickled in bought a few milliseconds more. The server then reads on for at
        // most 2 s (a lingering close, so the reply is not lost to a reset) and closes whatever still trickles.
        expect(reply.answeredAt - started).toBeLessThan(12_000);
        expect(reply.closedAt - started).toBeLessThan(20_000);
      }
      expect(Math.max(rolledBackAfter, abortedAfter)).toBeLessThan(60_000);
      console.info(
        `stalled uploads answered 408 after ${Math.max(...replies.map((reply) => reply.answeredAt - started)) / 1000} s, closed after ${Math.max(...replies.map((reply) => reply.closedAt - started)) / 1000} s; rollback done after ${rolledBackAfter / 1000} s, automatic abort after ${abortedAfter / 1000} s`,
      );
      const uploads = readAuditWithUploads(site.deploy).filter((entry) => entry.action === 'upload');
      expect(
        uploads.map((entry) =>
          'outcome' in entry ? [entry.by, entry.scope, entry.status, entry.problem] : [],
        ),
      ).toEqual(
        expect.arrayContaining([
          ['marketing-ci', 'mf-marketing', 408, 'timeout'],
          ['portfolio-ci', 'mf-portfolio', 408, 'timeout'],
        ]),
      );
    } finally {
      for (const upload of stalled) upload.stop();
    }
  }, 90_000);

  it('a team release still waiting its turn yields to the automatic abort of its remote’s bad canary', async () => {
    let reported = Infinity;
    // mf-portfolio's release runs (held until a check has surely judged the canary), so mf-marketing's waits.
    const runOperation = async (request: OperationRequest) => {
      if (request.operation.kind === 'release' && request.operation.scope === 'mf-portfolio')
        await until('the canary check', () => Date.now() > reported + 4000, 60_000);
      return runOperationInChild(request, env);
    };
    service = await startService(site.deploy, env, {
      log: { info() {}, error() {} },
      runOperation,
    });
    const portfolio = upload(
      service.url,
      createKey(site.deploy, 'mf-portfolio').key,
      'mf-portfolio',
      remoteBuild(site.work, 'mf_portfolio'),
    );
    await sleep(1000);
    const marketing = upload(
      service.url,
      createKey(site.deploy, 'mf-marketing', 'marketing-ci').key,
      'mf-marketing',
      remoteBuild(site.work, 'mf_marketing'),
    );
    await sleep(1000);
    await canaryTurnsBad();
    reported = Date.now();

    const yielded = await marketing;
    expect(yielded).toMatchObject({ status: 409, body: { problem: 'busy' } });
    expect(yielded.body.error).toMatch(
      /^This release of mf-marketing yielded to the abort by automatic, started at \S+, before it ran/,
    );
    expect((await portfolio).status).toBe(200);
    await until('its audit entry', () => readAudit(site.deploy).length === 2, 10_000);
    expect(liveCanary()).toBeUndefined();
    // The yielded release changed nothing: the default is the one the canary ran beside.
    expect(liveDefault('mf_marketing')).toBe(site.live.mf_marketing);
    expect(readAudit(site.deploy).map(({ by, action, scope }) => [by, action, scope])).toEqual([
      [expect.stringMatching(/^mf-portfolio-/), 'release', 'mf-portfolio'],
      ['automatic', 'abort', 'mf-marketing'],
    ]);
  }, 90_000);
});
