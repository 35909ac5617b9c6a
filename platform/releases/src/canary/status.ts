/**
 * `pnpm release status`: per remote, the versions live in this environment (traffic, default or canary, when
 * each entered the map), their health since the canary started (or since the release of a single version, cut
 * to what the API keeps), what the canary check would decide now, and the last canary it aborted by itself.
 * The versions come from the remote map alone, so they are shown even when the health cannot be read.
 */

import { describeSource, type ReleaseSource } from 'build-config/release-protocol';
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import type { ReleaseEvent } from 'deploy-folder/release-log';
import { readVersionSource } from 'deploy-folder/version-source';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { type CanaryVerdict, judgeCanary } from 'deploy-model/canary/verdict';
import { judgeVitals, type VitalsVerdict, vitalText } from 'deploy-model/canary/vitals-verdict';
import { holdText, stagesText } from 'deploy-model/release-command';
import type { RemoteVersionEntry } from 'federation/remote-map';
import { type RemoteVitals, webVitalNames } from 'shared-content/enquiry';
import type { CheckOptions } from './check.ts';
import {
  countsOf,
  failureKinds,
  type HealthPeriod,
  HealthUnavailableError,
  healthPeriod,
  healthReader,
  judgedVitalsRoutes,
  type VersionCounts,
  vitalsOf,
} from './health.ts';
import { heldOnVitals, judgeStage, type StageVerdict } from './rollout.ts';
import { livePlan, type RolloutPlan, RolloutPlanError } from './rollout-plan.ts';
import { readSyntheticRecord, type SyntheticRecord } from './synthetic.ts';

export interface VersionStatus {
  version: string;
  role: 'default' | 'canary';
  traffic: number;
  releasedAt?: string;
  /** Where it came from (its commit, branch or tag, who released it), when its upload said. */
  source?: ReleaseSource;
  /** Absent when the health could not be read. */
  health?: VersionCounts;
  /** Its real visitors' Web Vitals per route and metric, over the same period; absent as the health is. */
  vitals?: RemoteVitals[];
}

export interface RemoteStatus {
  remote: RemoteName;
  /** Default first; empty when the remote is not released here. */
  versions: VersionStatus[];
  period?: HealthPeriod;
  /** Why the health could not be read (the API at its URL did not answer, or refused). */
  healthUnavailable?: string;
  /** What the canary check would decide now, with a canary and its health. */
  verdict?: CanaryVerdict;
  /** The canary's Web Vitals against the default version's now (part of the verdict when it aborts). */
  vitalsVerdict?: VitalsVerdict;
  lastAutomaticAbort?: ReleaseEvent;
  /** The canary's staged rollout, and whether it may go to its next stage now (with its health). */
  rollout?: { plan: RolloutPlan; next?: StageVerdict };
  /** Why the rollout plan on disk could not be read. */
  rolloutUnreadable?: string;
  /** The release service's last synthetic visit of the canary, at its share now (synthetic.ts). */
  synthetic?: SyntheticRecord;
}

const versionStatus = (deploy: string, remote: RemoteName, entry: RemoteVersionEntry): VersionStatus => {
  const source = readVersionSource(deploy, remotes[remote].folder, entry.metadata.version);
  return {
    version: entry.metadata.version,
    role: entry.deployment.default ? 'default' : 'canary',
    traffic: entry.deployment.traffic,
    ...(entry.extras?.releasedAt ? { releasedAt: entry.extras.releasedAt } : {}),
    ...(source ? { source } : {}),
  };
};

/** The status of the named remotes (all by default), in the topology's order. */
export async function releaseStatus(
  ref: DeployRef,
  names: readonly RemoteName[] = remoteNames,
  options: CheckOptions,
): Promise<RemoteStatus[]> {
  const settings = options.settings;
  const now = options.now ?? new Date();
  const readHealth = options.readHealth ?? healthReader();
  const rules = options.rules ?? settings.canary.rules;
  const vitalsRules = options.vitalsRules ?? settings.canary.vitalsRules;
  const deploy = openDeploy(ref);
  const document = deploy.remoteMap();
  return Promise.all(
    names.map(async (remote) => {
      const lastAbort = deploy.lastAutomaticAbort(remotes[remote].folder);
      const status: RemoteStatus = {
        remote,
        versions: [],
        ...(lastAbort ? { lastAutomaticAbort: lastAbort } : {}),
      };
      const stable = defaultEntry(document, remote);
      if (!stable) return status;
      const canary = canaryEntry(document, remote);
      status.versions = [stable, ...(canary ? [canary] : [])].map((entry) =>
        versionStatus(deploy.path, remote, entry),
      );
      try {
        const plan = livePlan(deploy.path, document, remote);
        if (plan) status.rollout = { plan };
      } catch (error) {
        if (!(error instanceof RolloutPlanError)) throw error;
        status.rolloutUnreadable = error.message;
      }
      const visited = canary
        ? readSyntheticRecord(deploy.path, remote, {
            version: canary.metadata.version,
            traffic: canary.deployment.traffic,
          })
        : undefined;
      if (visited) status.synthetic = visited;
      status.period = canary
        ? healthPeriod(canary.extras?.releasedAt, "the canary's start", now, settings)
        : healthPeriod(stable.extras?.releasedAt, 'its release', now, settings);
      try {
        const report = await readHealth({ since: status.period.since, source: settings.health });
        const routes = judgedVitalsRoutes(deploy.path, remote);
        for (const version of status.versions) {
          version.health = countsOf(report, remote, version.version);
          version.vitals = vitalsOf(report, remote, version.version, routes);
        }
      } catch (error) {
        if (!(error instanceof HealthUnavailableError)) throw error;
        status.healthUnavailable = error.message;
        return status;
      }
      const [ofDefault, ofCanary] = status.versions.map((version) => version.health);
      const [vitalsOfDefault, vitalsOfCanary] = status.versions.map((version) => version.vitals ?? []);
      if (ofCanary && ofDefault) {
        const vitals = judgeVitals(vitalsOfCanary ?? [], vitalsOfDefault ?? [], rules, vitalsRules);
        const counted = judgeCanary(ofCanary, ofDefault, rules);
        status.vitalsVerdict = vitals;
        // As the check decides (check.ts): clearly worse Web Vitals abort a canary its counts keep.
        status.verdict =
          counted.action === 'keep' && vitals.action === 'abort'
            ? { action: 'abort', reason: `Web Vitals: ${vitals.reason}` }
            : counted;
      }
      if (ofCanary && ofDefault && status.rollout && status.vitalsVerdict)
        status.rollout.next = heldOnVitals(
          judgeStage(ofCanary, ofDefault, rules, visited),
          status.vitalsVerdict,
        );
      return status;
    }),
  );
}

/** "12 min ago", "3 h ago", "2 days ago". */
export function ago(time: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(time)) / 60_000));
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

const when = (time: string | undefined, now: Date) =>
  time ? `${time} (${ago(time, now)})` : 'release time unknown';

/** "render-error 3, load-failure 2 (timeout 2)", or "no failures". */
function failuresByKind({ byKind, loadFailures }: VersionCounts): string {
  const parts = failureKinds
    .filter((kind) => byKind[kind] > 0)
    .map((kind) => {
      const reasons = Object.entries(loadFailures).map(([reason, count]) => `${reason} ${count}`);
      return kind === 'load-failure' && reasons.length > 0
        ? `${kind} ${byKind[kind]} (${reasons.join(', ')})`
        : `${kind} ${byKind[kind]}`;
    });
  return parts.length > 0 ? parts.join(', ') : 'no failures';
}

const rate = ({ views, failures }: VersionCounts) =>
  views === 0 ? '–' : `${((Math.min(failures, views) / views) * 100).toFixed(1)}%`;

/** Columns: version, role, then the numbers right-aligned under their heading. */
const row = (version: string, role: string, ...rest: string[]) =>
  `    ${version.padEnd(20)} ${role.padEnd(7)} ${rest.join('  ')}`.trimEnd();

function healthLines(status: RemoteStatus): string[] {
  if (status.healthUnavailable)
    return [
      `  health: unavailable: ${status.healthUnavailable}`,
      ...(status.versions.some(({ role }) => role === 'canary')
        ? ['  canary check now: cannot judge without the health; it aborts nothing until it can read it']
        : []),
    ];
  if (!status.period) return [];
  const rows = status.versions.map(({ version, role, health }) => {
    const counts = health as VersionCounts;
    return row(
      version,
      role,
      String(counts.views).padStart(7),
      String(counts.failures).padStart(8),
      rate(counts).padStart(6),
      failuresByKind(counts),
    );
  });
  return [
    `  health since ${status.period.since.toISOString()} (${status.period.from}):`,
    row('version', 'role', '  views', 'failures', '  rate', 'failures by kind'),
    ...rows,
  ];
}

/** "412 ms (38)": the p75 and its samples, or "–". */
function percentileText(rows: readonly RemoteVitals[], route: string, metric: string): string {
  const found = rows.find((entry) => entry.route === route && entry.metric === metric);
  return found ? `${vitalText(metric, found.p75)} (${found.samples})` : '–';
}

/** The p75 of each metric per version and route, when any version has Web Vitals; and a hold, said. */
function vitalsLines(status: RemoteStatus): string[] {
  const routes = [...new Set(status.versions.flatMap(({ vitals = [] }) => vitals.map(({ route }) => route)))];
  if (!status.period || routes.length === 0) return [];
  const rows = routes
    .sort()
    .flatMap((route) =>
      status.versions.map(({ version, role, vitals = [] }) =>
        row(
          version,
          role,
          route.padEnd(12),
          ...webVitalNames.map((metric) => percentileText(vitals, route, metric).padEnd(15)),
        ),
      ),
    );
  const hold =
    status.vitalsVerdict?.action === 'hold'
      ? [`  Web Vitals check now: hold: ${status.vitalsVerdict.reason}`]
      : [];
  return [
    '  Web Vitals, p75 (samples), same period:',
    row('version', 'role', 'route'.padEnd(12), ...webVitalNames.map((metric) => metric.padEnd(15))),
    ...rows,
    ...hold,
  ];
}

function verdictLine({ verdict }: RemoteStatus): string[] {
  if (!verdict) return [];
  const action = verdict.action === 'abort' ? 'abort (the next canary check takes it out)' : 'keep';
  return [`  canary check now: ${action}: ${verdict.reason}`];
}

function syntheticLine({ synthetic }: RemoteStatus, now: Date): string[] {
  if (!synthetic) return [];
  return [`  synthetic visit: ${synthetic.state} at ${when(synthetic.at, now)}: ${synthetic.reason}`];
}

/** In how long: "in 7 min", "in 40 s", or "now" once due. */
function inTime(time: string, now: Date): string {
  const seconds = Math.ceil((Date.parse(time) - now.getTime()) / 1000);
  if (seconds <= 0) return 'due now';
  return seconds < 120 ? `in ${seconds} s` : `in ${Math.ceil(seconds / 60)} min`;
}

function rolloutLines({ rollout, rolloutUnreadable }: RemoteStatus, now: Date): string[] {
  if (rolloutUnreadable) return [`  staged rollout: unreadable, nothing advances: ${rolloutUnreadable}`];
  if (!rollout) return [];
  const { plan, next } = rollout;
  const lines = [
    `  staged rollout: ${stagesText(plan.stages)}, one stage every ${holdText(plan.holdSeconds)}; ` +
      `at stage ${plan.stage + 1} of ${plan.stages.length} (${plan.stages[plan.stage]}%) since ${plan.stageSince}`,
  ];
  if (!plan.nextDueAt)
    return [...lines, '  next stage: none, this is the last: promote it or abort it by hand'];
  const nextStage = plan.stages[plan.stage + 1] as number;
  const what = nextStage === 100 ? '100% (the promote)' : `${nextStage}%`;
  const health = next
    ? next.advance
      ? `it goes then if it is still ${next.reason}`
      : `as of now ${next.reason}`
    : 'its health cannot be read now, and it advances only once it can';
  return [
    ...lines,
    `  next stage: ${what} due at ${plan.nextDueAt} (${inTime(plan.nextDueAt, now)}); ${health}`,
  ];
}

function abortLines({ lastAutomaticAbort: event }: RemoteStatus, now: Date): string[] {
  if (!event) return ['  last automatic abort: none'];
  return [
    `  last automatic abort: ${event.version} at ${when(event.at, now)}, because:`,
    `    ${event.reason ?? 'no reason was recorded'}`,
  ];
}

function versionLines({ versions }: RemoteStatus, now: Date): string[] {
  return [
    `  ${'version'.padEnd(20)} ${'role'.padEnd(7)} traffic  released`,
    ...versions.map(
      ({ version, role, traffic, releasedAt, source }) =>
        `  ${version.padEnd(20)} ${role.padEnd(7)} ${`${traffic}%`.padStart(7)}  ${when(releasedAt, now)}` +
        (source ? `  from ${describeSource(source)}` : ''),
    ),
  ];
}

/** The status as text: a block per remote. */
export function formatReleaseStatus(statuses: readonly RemoteStatus[], now = new Date()): string {
  return statuses
    .map((status) => {
      const { folder } = remotes[status.remote];
      if (status.versions.length === 0)
        return [`${folder}: not released here`, ...abortLines(status, now)].join('\n');
      return [
        folder,
        ...versionLines(status, now),
        ...healthLines(status),
        ...vitalsLines(status),
        ...verdictLine(status),
        ...syntheticLine(status, now),
        ...rolloutLines(status, now),
        ...abortLines(status, now),
      ].join('\n');
    })
    .join('\n\n');
}
