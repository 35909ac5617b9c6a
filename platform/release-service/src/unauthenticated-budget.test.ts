/**
 * Anyone who reaches the release service can send uploads without a valid key, and each refused upload is an
 * audit entry (issue 40, item 2): a flood of them must not grow the audit log without end. Per address and in
 * all, at most so many an hour are recorded one by one, the last saying so; uploads with a key always are.
 * The budget with a moved clock, then a flood over real HTTP on loopback.
 */
import type { UploadAuditEntry } from 'build-config/release-protocol';
import { readAuditWithUploads } from 'deploy-folder/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeServiceDeploy,
  remoteBuild,
  type ServiceDeploy,
  startService,
  upload,
} from '../testing/service.ts';
import { createKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';
import { unauthenticatedBudget, unauthenticatedLimits } from './unauthenticated-budget.ts';

describe('the budget of uploads without a valid key', () => {
  it('records so many an address an hour, notes the last, then skips until the hour has passed', () => {
    const budget = unauthenticatedBudget({ perAddress: 3, inAll: 5, windowMs: 60_000 });
    const at = 1_000_000;
    expect([1, 2, 3, 4].map(() => budget.take('10.0.0.1', at))).toEqual(['record', 'record', 'note', 'skip']);
    // Another address still has its share, until the total is spent.
    expect([1, 2, 3].map(() => budget.take('10.0.0.2', at + 1))).toEqual(['record', 'note', 'skip']);
    expect(budget.take('10.0.0.3', at + 2)).toBe('skip');
    // An hour (here a minute) later, each address starts again.
    expect(budget.take('10.0.0.1', at + 60_000)).toBe('record');
  });
});

describe('a flood of uploads without a key', () => {
  let site: ServiceDeploy;
  let service: RunningReleaseService;
  let key: string;
  beforeAll(async () => {
    site = makeServiceDeploy();
    service = await startService(site.deploy);
    key = createKey(site.deploy, 'mf-portfolio', 'portfolio-ci').key;
  }, 60_000);
  afterAll(async () => {
    await service.stop();
    site.remove();
  });

  const uploads = () =>
    readAuditWithUploads(site.deploy).filter((entry): entry is UploadAuditEntry => entry.action === 'upload');

  it('is answered 401 every time, recorded up to the budget, while a keyed upload is still recorded', async () => {
    const build = remoteBuild(site.work, 'mf_portfolio');
    const flood = unauthenticatedLimits.perAddress + 10;
    for (let sent = 0; sent < flood; sent += 1) {
      const guessed = sent % 2 === 0 ? undefined : `guess-${sent}`;
      expect((await upload(service.url, guessed, 'mf-portfolio', build)).status).toBe(401);
    }
    const recorded = uploads().filter((entry) => entry.status === 401);
    expect(recorded).toHaveLength(unauthenticatedLimits.perAddress);
    expect(recorded.at(-1)?.reason).toMatch(/the last recorded one by one this hour/);
    const reply = await upload(service.url, key, 'mf-portfolio', build);
    expect(reply.status).toBe(200);
    expect(uploads().at(-1)).toMatchObject({ by: 'portfolio-ci', outcome: 'accepted' });
  }, 120_000);
});
