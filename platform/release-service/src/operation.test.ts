import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAudit } from 'deploy-folder/audit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  makeServiceDeploy,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
} from '../testing/service.ts';
import { runOperationInChild } from './operation.ts';

let site: ServiceDeploy;
beforeEach(() => {
  site = makeServiceDeploy();
}, 60_000);
afterEach(() => site.remove());

describe('a change in a child process', () => {
  it('answers an unforeseen failure with 500 and the library’s message, changing nothing', async () => {
    writeFileSync(join(site.deploy, 'shell', 'remotes.json'), '{ not json');
    const before = digestOf(site.deploy);
    const result = await runOperationInChild(
      {
        deploy: site.deploy,
        operation: {
          kind: 'release',
          scope: 'mf-portfolio',
          buildDir: remoteBuild(site.work, 'mf_portfolio'),
          force: false,
        },
        by: 'operator',
        from: '127.0.0.1',
      },
      serviceEnv,
    );
    expect(result).toMatchObject({ ok: false, status: 500, problem: 'failed' });
    expect(result.ok ? '' : result.error).toMatch(/remotes\.json is not valid JSON/);
    expect(digestOf(site.deploy)).toEqual(before);
  }, 30_000);

  it('stops a change that runs past its time, so the queue is not held for ever', async () => {
    const result = await runOperationInChild(
      {
        deploy: site.deploy,
        operation: { kind: 'promote', scope: 'mf-portfolio' },
        by: 'operator',
        from: 'host',
      },
      serviceEnv,
      50,
    );
    expect(result).toMatchObject({ ok: false, status: 500, problem: 'failed' });
    expect(result.ok ? '' : result.error).toMatch(/ran for more than 0 s and was stopped/);
    expect(readAudit(site.deploy)).toEqual([]);
  }, 30_000);
});
