import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { toolInstalled } from 'platform-kit/testing/tools';
import { operationTimeoutMs } from 'release-service/operation';
import { afterAll, describe, expect, it } from 'vitest';

/** The files of ops/ an operator copies to a host: checked with the tools that will read them there. */

const opsDir = join(repoRoot, 'ops');
const unitsDir = join(opsDir, 'systemd');
const units = readdirSync(unitsDir).filter((name) => /\.(service|timer)$/.test(name));

/** A unit file's settings of one section, the last value of a key winning (as systemd reads them). */
function unitSettings(file: string, section: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let current = '';
  for (const line of readFileSync(join(unitsDir, file), 'utf8').split('\n')) {
    const header = /^\[(.+)\]$/.exec(line.trim());
    if (header) current = header[1] ?? '';
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (setting && current === section) {
      settings.set(setting[1] as string, [
        ...(settings.get(setting[1] as string) ?? []),
        setting[2] as string,
      ]);
    }
  }
  return settings;
}

const one = (settings: Map<string, string[]>, key: string) => settings.get(key)?.at(-1);

describe('systemd units', () => {
  it.runIf(toolInstalled('systemd-analyze'))(
    'systemd-analyze verify finds nothing to say about any of them',
    () => {
      const result = spawnSync('systemd-analyze', ['verify', ...units.map((unit) => join(unitsDir, unit))], {
        encoding: 'utf8',
      });
      expect(result.stderr + result.stdout).toBe('');
      expect(result.status).toBe(0);
    },
  );

  // nginx's master starts as root (the TLS key, then its workers switch to the deploy's owner); the rest never.
  const nodeServices = units.filter((unit) => unit.endsWith('.service') && unit !== 'agency-nginx.service');

  it('covers the API, the release service, the backups and nginx', () => {
    expect(units.sort()).toEqual([
      'agency-backup.service',
      'agency-backup.timer',
      'agency-enquiry-api.service',
      'agency-nginx.service',
      'agency-release-service.service',
    ]);
  });

  it.each(nodeServices)('%s runs hardened, as its own user', (unit) => {
    const service = unitSettings(unit, 'Service');
    expect(one(service, 'User')).toBe('agency');
    expect(one(service, 'NoNewPrivileges')).toBe('yes');
    expect(one(service, 'ProtectSystem')).toBe('strict');
    expect(one(service, 'PrivateTmp')).toBe('yes');
    expect(one(service, 'CapabilityBoundingSet')).toBe('');
    expect(one(service, 'ReadWritePaths')?.split(' ').length).toBeGreaterThan(0);
    if (one(service, 'Type') !== 'oneshot') {
      expect(one(service, 'Restart')).toBe('on-failure');
      expect(one(service, 'EnvironmentFile')).toMatch(/^\/etc\/agency\/.+\.env$/);
    }
  });

  it('stops nginx gracefully and checks a configuration before it starts or reloads', () => {
    const service = unitSettings('agency-nginx.service', 'Service');
    expect(one(service, 'KillSignal')).toBe('SIGQUIT');
    expect(one(service, 'ExecStartPre')).toContain('nginx -t');
    expect(service.get('ExecReload')?.[0]).toContain('nginx -t');
    expect(one(service, 'NoNewPrivileges')).toBe('yes');
  });

  it('gives a release under way longer to finish than the service itself allows a change', () => {
    const service = unitSettings('agency-release-service.service', 'Service');
    const minutes = Number(/^(\d+)min$/.exec(one(service, 'TimeoutStopSec') ?? '')?.[1]);
    expect(minutes * 60_000).toBeGreaterThan(operationTimeoutMs);
    // The stop must reach the change's own child process too, which then finishes its change.
    expect(one(service, 'KillMode')).toBe('control-group');
    expect(one(service, 'ExecStart')).toContain('platform/cli/src/main.ts release-service');
  });

  it("lets the release service make its sandbox's namespaces and nothing more (issue 40)", () => {
    const service = unitSettings('agency-release-service.service', 'Service');
    // The sandbox needs a user namespace (it is not root), a network and a PID one: no other kind.
    expect(one(service, 'RestrictNamespaces')?.split(/\s+/).sort()).toEqual(['net', 'pid', 'user']);
    expect(one(service, 'User')).not.toBe('root');
    expect(one(service, 'NoNewPrivileges')).toBe('yes');
    expect(one(service, 'ProtectSystem')).toBe('strict');
    expect(one(service, 'CapabilityBoundingSet')).toBe('');
    expect(one(service, 'PrivateTmp')).toBe('yes');
    expect(one(service, 'MemoryMax')).toMatch(/^\d+[MG]$/);
    expect(Number(one(service, 'TasksMax'))).toBeGreaterThan(0);
  });
});

describe('logrotate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-logrotate-'));
  let nginx: ChildProcess | undefined;
  afterAll(() => {
    nginx?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(toolInstalled('logrotate'))(
    'rotates the nginx and service logs, signals nginx to reopen, and truncates what the services append to',
    async () => {
      // The same file with its folders moved into a temporary one, the user being whoever runs the test,
      // and nginx's pid file naming a stand-in process that reports the USR1 a real nginx reopens its logs on.
      const user = userInfo().username;
      const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
      const nginxLogs = join(dir, 'nginx');
      const serviceLogs = join(dir, 'agency');
      mkdirSync(nginxLogs);
      mkdirSync(serviceLogs);
      nginx = spawn(process.execPath, [
        '-e',
        "process.on('SIGUSR1', () => console.log('reopen')); setInterval(() => {}, 1000);",
      ]);
      const reopened = new Promise<void>((resolveReopen) =>
        nginx?.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('reopen') && resolveReopen()),
      );
      await new Promise((wait) => setTimeout(wait, 300));
      writeFileSync(join(dir, 'nginx.pid'), `${nginx.pid}\n`);
      const config = readFileSync(join(opsDir, 'logrotate', 'agency'), 'utf8')
        .replaceAll('/var/lib/agency/nginx', nginxLogs)
        .replaceAll('/var/cache/agency-edge', join(dir, 'edge'))
        .replaceAll('/var/log/agency', serviceLogs)
        .replaceAll(`${nginxLogs}/nginx.pid`, join(dir, 'nginx.pid'))
        .replace('su agency agency', `su ${user} ${group}`)
        .replace('create 0640 root adm', `create 0640 ${user} ${group}`);
      writeFileSync(join(dir, 'logrotate.conf'), config);
      writeFileSync(join(nginxLogs, 'access.log'), '{"status":200}\n');
      writeFileSync(join(serviceLogs, 'enquiry-api.log'), '{"msg":"listening"}\n');

      const result = spawnSync('logrotate', ['-f', '-s', join(dir, 'state'), join(dir, 'logrotate.conf')], {
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      await reopened;
      // dateext: access.log-YYYYMMDD; delaycompress keeps the newest rotation plain for a moment.
      expect(readdirSync(nginxLogs).sort()).toEqual([
        'access.log',
        expect.stringMatching(/^access\.log-\d{8}$/),
      ]);
      expect(statSync(join(nginxLogs, 'access.log')).size).toBe(0);
      const rotated = readdirSync(serviceLogs).find((name) => name.startsWith('enquiry-api.log-'));
      expect(readFileSync(join(serviceLogs, rotated as string), 'utf8')).toBe('{"msg":"listening"}\n');
      // copytruncate: the file the service keeps its descriptor to is the same file, now empty.
      expect(statSync(join(serviceLogs, 'enquiry-api.log')).size).toBe(0);
    },
  );
});

describe('ops/nginx/log-format.conf', () => {
  it.runIf(toolInstalled('nginx'))('is a log format nginx -t accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-log-format-'));
    try {
      mkdirSync(join(dir, 'logs'));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n    include ${join(opsDir, 'nginx', 'log-format.conf')};\n` +
          `    access_log ${dir}/logs/access.log agency_json;\n}\n`,
      );
      const result = spawnSync(
        'nginx',
        ['-t', '-p', dir, '-e', join(dir, 'logs', 'error.log'), '-c', join(dir, 'nginx.conf')],
        {
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('agency-backup.service', () => {
  it('tars deploy/releases into a dated file and keeps the newest 30', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-backup-'));
    try {
      const deploy = join(dir, 'deploy');
      const backups = join(dir, 'backups');
      mkdirSync(join(deploy, 'releases'), { recursive: true });
      mkdirSync(join(backups, 'releases'), { recursive: true });
      writeFileSync(join(deploy, 'releases', 'keys.json'), '[]');
      writeFileSync(join(deploy, 'releases', 'audit.jsonl'), '{}\n');
      // 31 earlier copies, a day apart: with the new one, the oldest two go.
      for (let day = 1; day <= 31; day += 1) {
        const old = join(
          backups,
          'releases',
          `releases-202601${String(day).padStart(2, '0')}T000000Z.tar.gz`,
        );
        writeFileSync(old, '');
        const time = new Date(Date.UTC(2026, 0, day));
        utimesSync(old, time, time);
      }
      const tarLine = unitSettings('agency-backup.service', 'Service')
        .get('ExecStart')
        ?.find((line) => line.startsWith('/bin/sh -c '));
      // As systemd runs it: %% is a single %, the quotes are the shell's one argument.
      const script = (/^\/bin\/sh -c '(.*)'$/.exec(tarLine ?? '')?.[1] ?? '')
        .replaceAll('%%', '%')
        .replaceAll('/srv/agency-deploy', deploy)
        .replaceAll('/var/backups/agency', backups);
      const result = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const kept = readdirSync(join(backups, 'releases')).sort();
      expect(kept).toHaveLength(30);
      expect(kept).not.toContain('releases-20260101T000000Z.tar.gz');
      expect(kept).not.toContain('releases-20260102T000000Z.tar.gz');
      const newest = kept.at(-1) as string;
      expect(newest).toMatch(/^releases-\d{8}T\d{6}Z\.tar\.gz$/);
      const listed = execFileSync('tar', ['-tzf', join(backups, 'releases', newest)], { encoding: 'utf8' });
      expect(listed.split('\n').sort()).toEqual(
        expect.arrayContaining(['releases/', 'releases/audit.jsonl', 'releases/keys.json']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('backs up the enquiries with the command enquiry-api documents', () => {
    const [enquiries] = unitSettings('agency-backup.service', 'Service').get('ExecStart') ?? [];
    expect(enquiries).toBe(
      '/usr/bin/node --import tsx src/cli/enquiries.ts backup --out /var/backups/agency/enquiries --keep 14',
    );
    expect(one(unitSettings('agency-backup.service', 'Service'), 'WorkingDirectory')).toBe(
      '/srv/agency/enquiry-api',
    );
    expect(one(unitSettings('agency-backup.timer', 'Timer'), 'Persistent')).toBe('true');
  });
});
