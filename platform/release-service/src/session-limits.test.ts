import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sessionRoutes } from 'build-config/release-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServiceDeploy, post, type ServiceDeploy, serviceEnv, startService } from '../testing/service.ts';
import type { RunningReleaseService } from './server.ts';
import { sessionRequestLimits } from './session-routes.ts';

/*
 * Session requests need no key, so one address may send only so many: past the limit a 429 that says when to
 * try again, and the release routes with a key are not held by it. Its own service: the limit is per process.
 */

let site: ServiceDeploy;
let service: RunningReleaseService;

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, serviceEnv);
}, 60_000);

afterAll(async () => {
  await service?.stop();
  site?.remove();
});

describe('preview session requests from one address', () => {
  it('are refused with 429 past the limit, each earlier one answered, and nothing written', async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent < sessionRequestLimits.perAddress; sent += 1) {
      const reply = await post(service.url, undefined, sessionRoutes.options, { session: 'not-a-session' });
      statuses.push(reply.status);
    }
    expect(new Set(statuses)).toEqual(new Set([400]));

    const response = await fetch(`${service.url}${sessionRoutes.switch}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: 'not-a-session', remote: 'mf_portfolio', to: { live: true } }),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await response.json()) as { problem: string; error: string };
    expect(body.problem).toBe('too-many-requests');
    expect(body.error).toContain('Too many preview session requests from this address');
    const sessions = join(site.deploy, 'releases', 'sessions');
    expect(existsSync(sessions) ? readdirSync(sessions) : []).toEqual([]);
  }, 120_000);

  it('leave the keyed release routes alone', async () => {
    const reply = await post(service.url, undefined, '/v1/mf_portfolio/rollback');
    expect(reply.status).toBe(401);
  });
});
