/**
 * Issue 41, item 8: `pnpm release status` on a host whose site was started with another AGENCY_PORT_BASE read
 * another site's health (the tool found no service where its own settings said, and started one of its own).
 * Now the running site records where its release service answers in its deploy (deploy-folder/host-record.ts),
 * and a tool on the host uses that service whatever its own port base; a record where nothing answers is passed
 * over. A real service on loopback, a real deploy folder.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHostRecord, removeHostRecord, writeHostRecord } from 'deploy-folder/host-record';
import { loadReleaseClientSettings } from 'platform-kit/settings/release-client';
import { connect } from 'release-client/connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServiceDeploy, type ServiceDeploy, startService } from '../testing/service.ts';
import { localServiceIn } from './local-service.ts';
import type { RunningReleaseService } from './server.ts';
import { loadServiceSettings } from './service-settings.ts';

let site: ServiceDeploy;
let service: RunningReleaseService;

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy);
}, 60_000);
afterAll(async () => {
  await service.stop();
  site.remove();
});

describe("a tool on the host finds the running site's own release service (issue 41)", () => {
  it('uses the service the running site recorded in its deploy, whatever its own port base', async () => {
    writeHostRecord(site.deploy, { releaseService: service.url });
    const env = { AGENCY_DEPLOY_DIR: site.deploy, AGENCY_PORT_BASE: '6900' };
    const connection = await connect(
      loadReleaseClientSettings(env),
      localServiceIn(loadServiceSettings(env), env),
    );
    expect(connection.url).toBe(service.url);
    await connection.close();
  });

  it('passes over a record where nothing answers, or a malformed one; removes only its own', async () => {
    const record = join(site.deploy, 'releases', 'host.json');
    writeHostRecord(site.deploy, { releaseService: 'http://127.0.0.1:9' });
    const env = { AGENCY_DEPLOY_DIR: site.deploy, AGENCY_PORT_BASE: '6900' };
    const elsewhere = await connect(
      loadReleaseClientSettings(env),
      localServiceIn(loadServiceSettings(env), env),
    );
    // Nothing answers there: a service for this one command, not the dead address.
    expect(elsewhere.url).not.toBe('http://127.0.0.1:9');
    await elsewhere.close();
    writeFileSync(record, '{"releaseService":"not a url"}');
    expect(readHostRecord(site.deploy)).toBeNull();
    writeHostRecord(site.deploy, { releaseService: service.url });
    removeHostRecord(site.deploy, 'http://127.0.0.1:9');
    expect(readHostRecord(site.deploy)?.releaseService).toBe(service.url);
    removeHostRecord(site.deploy, service.url);
    expect(readHostRecord(site.deploy)).toBeNull();
  });
});
