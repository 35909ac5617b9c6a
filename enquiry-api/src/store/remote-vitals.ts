/**
 * The Web Vitals side of the remote health store (POST /vitals, GET /remote-health's `vitals`): each page
 * load's LCP, INP and CLS stored per remote version, route and kind of other slots (otherSlotsOf), protected against forged reports exactly as the
 * counts are (remote-health-store.ts): one report per page load and remote (its id remembered a day), each
 * client and network at most its daily share of reports per remote version, their hashes keyed per version so
 * the distinct clients and networks of a whole period can be told, and per sample the keyed hashes of its
 * client and network, so the sums count the distinct clients and networks per route (a forger cannot borrow
 * the real visitors of other routes) and give each p75 again without the networks that sent the most. No
 * address, no bucket, no page-load id is stored with a sample.
 */
import type {
  OtherSlots,
  RemoteVitals,
  SlotVersion,
  VitalsPercentile,
  VitalsReport,
  WebVitalName,
} from 'shared-content/enquiry';
import type { Db } from './database.ts';

/**
 * Who sent a beacon or a report, as the route works it out from the client's address (store/visitor.ts): the
 * client and its network. Only their keyed hashes are stored. Declared here, below remote-health-store.ts,
 * which imports this module and re-exports both types.
 */
export interface Visitor {
  client: string;
  network: string;
}

/** What became of a beacon's (remote, kind) pairs or a report's versions: counted, or why not. Nothing of it is said to the client. */
export interface RecordOutcome {
  counted: number;
  /** Already counted for this page load. */
  repeated: number;
  /** The client or its network had counted its share for the day. */
  overShare: number;
}

import { minuteStart } from './remote-health-sums.ts';

/** The keyed hash of a version (remote-health-store.ts's hasherFor). */
export type VersionHasher = (remote: string, version: string, day: number) => (text: string) => string;

export interface VitalsShare {
  maxLoadsPerClient: number;
  maxLoadsPerNetwork: number;
}

/** How many of the networks with the most samples each p75 is given again without. */
export const discountedNetworksReported = 5;

/** z of the two-sided 95% interval of the p75 (p75Low). */
const confidenceZ = 1.96;

export function vitalsStatements(db: Db) {
  return {
    addSample: db.prepare(
      `INSERT INTO remote_vitals (minute_start, remote, version, route, other_slots, metric, value, client, network)
       VALUES (@minute, @remote, @version, @route, @otherSlots, @metric, @value, @client, @network)`,
    ),
    loadsOf: db.prepare(
      `SELECT COALESCE(SUM(loads), 0) AS loads FROM remote_vitals_visitors
       WHERE day = @day AND remote = @remote AND version = @version AND scope = @scope AND hash = @hash`,
    ),
    addLoad: db.prepare(
      `INSERT INTO remote_vitals_visitors (day, remote, version, scope, hash, loads)
       VALUES (@day, @remote, @version, @scope, @hash, 1)
       ON CONFLICT (day, remote, version, scope, hash) DO UPDATE SET loads = loads + 1`,
    ),
    // The same memory of page loads as the counts', with a kind of its own.
    rememberPageLoad: db.prepare(
      `INSERT OR IGNORE INTO remote_health_page_loads (page_load, remote, kind, seen_at)
       VALUES (@pageLoad, @remote, 'vitals', @at)`,
    ),
    forgetSamples: db.prepare('DELETE FROM remote_vitals WHERE minute_start < ?'),
    forgetVisitors: db.prepare('DELETE FROM remote_vitals_visitors WHERE day < ?'),
  };
}

export type VitalsStatements = ReturnType<typeof vitalsStatements>;

/**
 * What the page's slots other than `remote`'s ran, by the live map's defaults (live-map.ts): 'default' when each
 * ran its remote's default version, else 'canary'. Every canary takes the buckets from 0 (federation's
 * resolveRemoteMap), so two canaries of one size have the same visitors: without this, a slow canary of one
 * remote would make every other remote's canary on its pages look slow. Judging a remote only on page loads
 * where all the others ran their defaults, in both cohorts, is the simplest comparison that holds whatever the
 * other canaries do: its canary and its default then differ in that remote's version alone. Decided when the
 * report comes, against the map its versions were just found live in, so a default promoted later does not
 * change what a sample was; the other kind is stored too (GET /remote-health shows it), never judged.
 */
export function otherSlotsOf(
  versions: readonly SlotVersion[],
  remote: string,
  defaults: ReadonlyMap<string, string>,
): OtherSlots {
  const others = versions.filter((slot) => slot.remote !== remote);
  return others.every((slot) => defaults.get(slot.remote) === slot.version) ? 'default' : 'canary';
}

/**
 * Stores a validated report from `visitor` at `at` (inside the store's transaction), each remote's samples with
 * what its page's other slots ran by `defaults` (each remote's default version); what counted.
 */
export function recordVitals(
  statements: VitalsStatements,
  report: VitalsReport,
  visitor: Visitor,
  at: { time: number; day: number },
  hasherFor: VersionHasher,
  share: VitalsShare,
  defaults: ReadonlyMap<string, string>,
): RecordOutcome {
  const outcome: RecordOutcome = { counted: 0, repeated: 0, overShare: 0 };
  const metrics = Object.entries(report.vitals) as [WebVitalName, number][];
  for (const { remote, version } of report.versions) {
    const hashOf = hasherFor(remote, version, at.day);
    const hashes = {
      client: hashOf(`client ${visitor.client}`),
      network: hashOf(`network ${visitor.network}`),
    };
    const key = { day: at.day, remote, version };
    const loads = (scope: 'client' | 'network') =>
      (statements.loadsOf.get({ ...key, scope, hash: hashes[scope] }) as { loads: number }).loads;
    if (loads('client') >= share.maxLoadsPerClient || loads('network') >= share.maxLoadsPerNetwork) {
      outcome.overShare += 1;
      continue;
    }
    if (statements.rememberPageLoad.run({ pageLoad: report.pageLoad, remote, at: at.time }).changes === 0) {
      outcome.repeated += 1;
      continue;
    }
    statements.addLoad.run({ ...key, scope: 'client', hash: hashes.client });
    statements.addLoad.run({ ...key, scope: 'network', hash: hashes.network });
    const otherSlots = otherSlotsOf(report.versions, remote, defaults);
    for (const [metric, value] of metrics) {
      statements.addSample.run({
        minute: minuteStart(at.time),
        remote,
        version,
        route: report.route,
        otherSlots,
        metric,
        value,
        client: hashes.client,
        network: hashes.network,
      });
    }
    outcome.counted += 1;
  }
  return outcome;
}

/**
 * The nearest-rank 75th percentile of ascending values, and the lower end of its 95% interval: the order
 * statistic at rank n·q − z·√(n·q·(1−q)) (the binomial's normal approximation), so with few samples it lies well
 * below the p75 and with many close to it.
 */
export function percentile75(sorted: readonly number[]): VitalsPercentile {
  const n = sorted.length;
  if (n === 0) return { samples: 0, p75: 0, p75Low: 0 };
  const q = 0.75;
  const p75 = sorted[Math.ceil(q * n) - 1] as number;
  // The 1-based rank of the lower end; below 1 (few samples) it is the smallest sample.
  const lowRank = Math.floor(n * q - confidenceZ * Math.sqrt(n * q * (1 - q)));
  const p75Low = sorted[Math.max(0, Math.min(n, lowRank) - 1)] as number;
  return { samples: n, p75, p75Low: lowRank < 1 ? (sorted[0] as number) : p75Low };
}

interface SampleRow {
  remote: string;
  version: string;
  route: string;
  otherSlots: OtherSlots;
  metric: WebVitalName;
  value: number;
  client: string;
  network: string;
}

/**
 * The vitals from the minute `since` is in onwards, per remote version, route, kind of other slots and metric
 * (GET /remote-health), each with the distinct clients and networks of that version's samples on that route and
 * kind over the same period: per route, so a forger reporting a path nobody visits cannot count the real
 * visitors of the version's other routes as its own.
 */
export function sumVitals(db: Db, since: number): RemoteVitals[] {
  const rows = db
    .prepare(
      `SELECT remote, version, route, other_slots AS otherSlots, metric, value, client, network
       FROM remote_vitals WHERE minute_start >= ?
       ORDER BY remote, version, route, other_slots DESC, metric, value`,
    )
    .all(minuteStart(since)) as SampleRow[];
  const groups = new Map<string, SampleRow[]>();
  const visitors = new Map<string, { clients: Set<string>; networks: Set<string> }>();
  for (const row of rows) {
    const where = [row.remote, row.version, row.route, row.otherSlots].join(' ');
    const key = `${where} ${row.metric}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
    const seen = visitors.get(where) ?? { clients: new Set(), networks: new Set() };
    seen.clients.add(row.client);
    seen.networks.add(row.network);
    visitors.set(where, seen);
  }
  return [...groups.values()].map((samples) => {
    const { remote, version, route, otherSlots, metric } = samples[0] as SampleRow;
    const perNetwork = new Map<string, number>();
    for (const { network } of samples) perNetwork.set(network, (perNetwork.get(network) ?? 0) + 1);
    const busiest = [...perNetwork.entries()].sort((a, b) => b[1] - a[1]).map(([network]) => network);
    const withoutTopNetworks = busiest.slice(0, discountedNetworksReported).map((_, index) => {
      const left = new Set(busiest.slice(0, index + 1));
      return percentile75(samples.filter(({ network }) => !left.has(network)).map(({ value }) => value));
    });
    const seen = visitors.get([remote, version, route, otherSlots].join(' '));
    return {
      remote,
      version,
      route,
      metric,
      otherSlots,
      ...percentile75(samples.map(({ value }) => value)),
      clients: seen?.clients.size ?? 0,
      networks: seen?.networks.size ?? 0,
      withoutTopNetworks,
    };
  });
}
