/**
 * Which deploy, environment and audit fields a change gets (issue 44, item 4): staging's only when the change
 * names it, production's otherwise, and no `env` in the audit on a host without staging, so its entries stay
 * those it always wrote.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnvironmentSettings } from './environment-settings.ts';
import { operationEnvironment, stagingOf } from './operation-environment.ts';

let deploy: string;

beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'operation-environment-'));
  mkdirSync(join(deploy, 'staging'));
});

afterEach(() => rmSync(deploy, { recursive: true, force: true }));

describe("a change's environment", () => {
  it("is staging's deploy, at staging's ports, when the change names staging; the audit says so", () => {
    const env = {
      AGENCY_STAGING: 'on',
      AGENCY_PORT_BASE: '4700',
      AGENCY_REMOTES_ORIGIN: 'https://cdn.example',
    };
    const where = operationEnvironment(deploy, 'staging', loadEnvironmentSettings(env));
    expect(where.deploy.path).toBe(join(deploy, 'staging'));
    expect(where.production.path).toBe(deploy);
    expect(where.settings.portBase).toBe(4730);
    expect(where.settings.remotesOrigin).toBeUndefined();
    expect(where.audit).toEqual({ env: 'staging' });
    expect(stagingOf(where.production).path).toBe(join(deploy, 'staging'));
  });

  it("is production's when the change names production or nothing", () => {
    const env = { AGENCY_STAGING: 'on', AGENCY_PORT_BASE: '4700' };
    const settings = loadEnvironmentSettings(env);
    for (const target of ['production', undefined] as const) {
      const where = operationEnvironment(deploy, target, settings);
      expect(where.deploy.path).toBe(deploy);
      expect(where.settings).toBe(settings.production);
      expect(where.audit).toEqual({ env: 'production' });
    }
  });

  it('names no environment in the audit on a host without staging', () => {
    const where = operationEnvironment(
      deploy,
      undefined,
      loadEnvironmentSettings({ AGENCY_PORT_BASE: '4700' }),
    );
    expect(where.deploy.path).toBe(deploy);
    expect(where.audit).toEqual({});
  });
});
