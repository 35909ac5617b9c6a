import type { Context } from 'hono';
import {
  beaconMessages,
  type FieldIssue,
  fieldIssues,
  fieldPath,
  vitalsMessages,
  vitalsReportSchema,
  vitalsRouteKey,
} from 'shared-content/enquiry';
import { readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import { describeError } from '../runtime/logger.ts';
import { visitorOf } from '../store/visitor.ts';
// As the health beacon's: sendBeacon sends text/plain; a tool may say application/json.
import { beaconMediaTypes, refuseBeacon, unknownRemotes } from './beacon.ts';
import type { AppDependencies } from './dependencies.ts';

const versionsField = (index: number, key: 'remote' | 'version') => fieldPath(['versions', index, key]);

/** A remote named twice would weigh one page load twice in that remote's figures. */
function repeatedRemotes(versions: readonly { remote: string }[]): FieldIssue[] {
  const seen = new Set<string>();
  return versions.flatMap(({ remote }, index) => {
    if (!seen.has(remote)) {
      seen.add(remote);
      return [];
    }
    const field = versionsField(index, 'remote');
    return [{ field, message: vitalsMessages.repeatedRemote(field, remote) }];
  });
}

/**
 * POST /vitals: a page load's Web Vitals with its route, the versions of its slots and its bucket
 * (shared-content's vitals-contract.ts). Refused as a health beacon is, all or nothing: a bad field, a remote the
 * site has not, or a version not live as the live map names it (400; 503 when the map cannot be read); the path
 * is kept under the route the page named, by shape (vitalsRouteKey), each remote's samples with what the page's
 * other slots ran (remote-vitals.ts's otherSlotsOf). 204 once taken,
 * whether it counted or was a repeat of its page load or past its client's share (remote-vitals.ts), telling a
 * forger nothing. The beacon's rate limit and body limit are applied where it is registered (app.ts): one budget.
 */
export function vitals(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c, beaconMediaTypes);
    if (!body.ok) return body.response;
    const parsed = vitalsReportSchema.safeParse(body.value);
    if (!parsed.success) return refuseBeacon(c, fieldIssues(parsed.error));
    const named = unknownRemotes(parsed.data.versions, (index) => versionsField(index, 'remote'));
    const issues = [...named, ...repeatedRemotes(parsed.data.versions)];
    if (issues.length > 0) return refuseBeacon(c, issues);
    // The page names its route from the shell's table; here only its shape is kept (vitalsRouteKey), so the API
    // knows no route table and a shell release that adds a route needs no release of the API.
    const report = { ...parsed.data, route: vitalsRouteKey(parsed.data.route) };
    const live = await deps.liveRemoteMap.check(report.versions);
    // The defaults of the copy the versions were just found live in: what each sample's other slots ran.
    const defaults = deps.liveRemoteMap.defaults();
    if (live === 'unavailable' || !defaults) {
      c.header('Retry-After', '5');
      return failure(c, 503, beaconMessages.mapUnavailable);
    }
    if (live !== 'live') {
      const field = versionsField(live, 'version');
      const { remote, version } = report.versions[live] as { remote: string; version: string };
      return refuseBeacon(c, [{ field, message: beaconMessages.notLive(field, version, remote) }]);
    }
    try {
      await deps.remoteHealth.recordVitals(report, visitorOf(deps.clientAddress(c)), defaults);
    } catch (error) {
      deps.logger.error('could not store vitals', describeError(error));
      return failure(c, 500, beaconMessages.storeFailed);
    }
    return c.body(null, 204);
  };
}
