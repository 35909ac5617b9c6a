import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry, UploadAuditEntry } from 'build-config/release-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAudit, auditFile, describeAuditEntry, readAudit, readAuditWithUploads } from './audit.ts';

let deploy: string;
beforeEach(() => {
  deploy = mkdtempSync(join(tmpdir(), 'release-audit-'));
});
afterEach(() => rmSync(deploy, { recursive: true, force: true }));

const entry = (scope: AuditEntry['scope'], version: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-11-26T03:00:00.000Z',
  by: 'portfolio-ci',
  from: '203.0.113.7',
  scope,
  action: 'release',
  version,
  ...extra,
});

describe('the audit log', () => {
  it('is empty before the first change, then reads back oldest first, by remote and newest N', () => {
    expect(readAudit(deploy)).toEqual([]);
    appendAudit(deploy, entry('mf-portfolio', '1.0.0-aaaaaaaa'));
    appendAudit(deploy, entry('mf-contact', '1.0.0-bbbbbbbb', { by: 'contact-ci' }));
    appendAudit(
      deploy,
      entry('mf-portfolio', '1.0.0-cccccccc', { action: 'rollback', previous: '1.0.0-aaaaaaaa' }),
    );
    expect(readAudit(deploy).map(({ version }) => version)).toEqual([
      '1.0.0-aaaaaaaa',
      '1.0.0-bbbbbbbb',
      '1.0.0-cccccccc',
    ]);
    expect(readAudit(deploy, { scope: 'mf-portfolio' }).map(({ version }) => version)).toEqual([
      '1.0.0-aaaaaaaa',
      '1.0.0-cccccccc',
    ]);
    expect(readAudit(deploy, { scope: 'mf-portfolio', limit: 1 }).map(({ version }) => version)).toEqual([
      '1.0.0-cccccccc',
    ]);
  });

  it('skips a line that is not an entry (a write cut short by a crash) and keeps the rest', () => {
    appendAudit(deploy, entry('mf-portfolio', '1.0.0-aaaaaaaa'));
    appendFileSync(auditFile(deploy), '{"at":"2026-11-26T03:01:00.000Z","by":"x"\n{"not":"an entry"}\n');
    appendAudit(deploy, entry('shell', '1.0.0-dddddddd'));
    expect(readAudit(deploy).map(({ scope }) => scope)).toEqual(['mf-portfolio', 'shell']);
  });

  it('describes an entry on one line: when, what, who and from where, and why', () => {
    expect(
      describeAuditEntry(
        entry('mf-marketing', '1.0.0-cccccccc', {
          action: 'abort',
          by: 'automatic',
          from: 'host',
          previous: '1.0.0-aaaaaaaa',
          traffic: 10,
          reason: 'failure rate 50.0%',
        }),
      ),
    ).toBe(
      '2026-11-26T03:00:00.000Z  mf-marketing  abort     1.0.0-cccccccc at 10% (was 1.0.0-aaaaaaaa)  by automatic from host: failure rate 50.0%',
    );
  });

  it('keeps uploads beside the changes: read with them on request, skipped by a reader of changes', () => {
    const refused: UploadAuditEntry = {
      at: '2026-11-28T05:00:00.000Z',
      by: 'unknown key',
      from: '203.0.113.9',
      scope: 'mf-portfolio',
      action: 'upload',
      outcome: 'refused',
      status: 401,
      problem: 'unauthorized',
      reason: 'This needs a valid release key.',
    };
    const accepted: UploadAuditEntry = {
      ...refused,
      by: 'portfolio-ci',
      version: '1.0.0-aaaaaaaa',
      outcome: 'accepted',
      status: 200,
    };
    appendAudit(deploy, refused);
    appendAudit(deploy, accepted);
    appendAudit(deploy, entry('mf-portfolio', '1.0.0-aaaaaaaa'));
    // A line an older reader wrote, or a torn one, is skipped as before.
    appendFileSync(auditFile(deploy), '{"action":"upload","at":"x"}\n');
    expect(readAudit(deploy)).toEqual([entry('mf-portfolio', '1.0.0-aaaaaaaa')]);
    expect(readAuditWithUploads(deploy, { scope: 'mf-portfolio', limit: 2 })).toEqual([
      accepted,
      entry('mf-portfolio', '1.0.0-aaaaaaaa'),
    ]);
    expect(readAuditWithUploads(deploy).map(describeAuditEntry).slice(0, 2)).toEqual([
      '2026-11-28T05:00:00.000Z  mf-portfolio  upload    (version unknown)  by unknown key from 203.0.113.9: refused (401 unauthorized): This needs a valid release key.',
      '2026-11-28T05:00:00.000Z  mf-portfolio  upload    1.0.0-aaaaaaaa  by portfolio-ci from 203.0.113.9: accepted',
    ]);
  });
});
