import { remoteNames } from 'build-config/topology';
import type { Context } from 'hono';
import {
  beaconMessages,
  type FieldIssue,
  fieldIssues,
  type RemoteHealthEvent,
  remoteField,
  remoteHealthBeaconSchema,
  versionField,
} from 'shared-content/enquiry';
import { type JsonMediaTypes, readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import { describeError } from '../runtime/logger.ts';
import { visitorOf } from '../store/visitor.ts';
import type { AppDependencies } from './dependencies.ts';

/** sendBeacon sends a string as text/plain (no CORS preflight); a tool may say what it is, application/json. */
export const beaconMediaTypes: JsonMediaTypes = {
  accepted: ['text/plain', 'application/json'],
  refusal: beaconMessages.contentType,
};

const siteRemotes: ReadonlySet<string> = new Set(remoteNames);

/** Events naming a remote the site does not have: a well-formed name is not enough to take up a row. */
export function unknownRemotes(
  events: readonly { remote: string }[],
  fieldOf: (index: number) => string = remoteField,
): FieldIssue[] {
  return events.flatMap(({ remote }, index) => {
    if (siteRemotes.has(remote)) return [];
    const field = fieldOf(index);
    return [{ field, message: beaconMessages.unknownRemote(field, remote, remoteNames) }];
  });
}

/** 400 naming the first issue, with all of them (POST /vitals refuses alike). */
export function refuseBeacon(c: Context, issues: FieldIssue[]) {
  const [first] = issues;
  return failure(c, 400, first?.message ?? 'Invalid beacon.', {
    ...(first?.field ? { field: first.field } : {}),
    issues,
  });
}

/**
 * POST /beacon: the shell's health counts per remote version (shared-content's telemetry.ts has the contract).
 * All or nothing: one bad event refuses the whole beacon and stores none of it, and so does a version that is
 * not live in the remote map (400 naming it; 503 when the map cannot be read). 204 once the beacon is taken,
 * whether it counted or was a repeat of its page load or past its client's share (remote-health-store.ts):
 * the reply tells a forger nothing about what counted. Its own rate limit and the body limit are applied where
 * it is registered (app.ts).
 */
export function beacon(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c, beaconMediaTypes);
    if (!body.ok) return body.response;
    const parsed = remoteHealthBeaconSchema.safeParse(body.value);
    if (!parsed.success) return refuseBeacon(c, fieldIssues(parsed.error));
    const unknown = unknownRemotes(parsed.data.events);
    if (unknown.length > 0) return refuseBeacon(c, unknown);
    const live = await deps.liveRemoteMap.check(parsed.data.events);
    if (live === 'unavailable') {
      c.header('Retry-After', '5');
      return failure(c, 503, beaconMessages.mapUnavailable);
    }
    if (live !== 'live') {
      const field = versionField(live);
      const { remote, version } = parsed.data.events[live] as RemoteHealthEvent;
      return refuseBeacon(c, [{ field, message: beaconMessages.notLive(field, version, remote) }]);
    }
    try {
      await deps.remoteHealth.record(parsed.data, visitorOf(deps.clientAddress(c)));
    } catch (error) {
      deps.logger.error('could not store beacon', describeError(error));
      return failure(c, 500, beaconMessages.storeFailed);
    }
    return c.body(null, 204);
  };
}
