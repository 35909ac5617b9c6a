/**
 * `POST /v1/<remote>/previews/revoke`: ends one preview link of the remote (given as printed: the link, or its
 * token) or, without one, every link of the remote made until now. Both hosts refuse a revoked link from the
 * next request on (deploy-folder/preview/revocations.ts), an open preview's cookie included; the audit log
 * records who ended what. A key may end only its own remote's links.
 */
import type { AuditEntry, OutputLine } from 'build-config/release-protocol';
import { remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { revokePreviewLinks } from 'deploy-folder/preview/revocations';
import { verifyPreviewToken } from 'deploy-folder/preview/token';
import { UsageError } from 'platform-kit/cli';
import { type RemoteScope, remoteOfScope } from './operation.ts';

/** The token of a link as printed (`…/__preview?token=<token>`), or the token itself. */
function tokenOf(link: string): string {
  const query = /[?&]token=([^&#\s]+)/.exec(link)?.[1];
  return query ?? link.trim();
}

export function revokePreviews(
  deploy: Deploy,
  scope: RemoteScope,
  link: string | undefined,
  { by, from, now = new Date() }: { by: string; from: string; now?: Date },
): { output: OutputLine[]; audit: AuditEntry[] } {
  const name = remoteOfScope(scope);
  const at = now.toISOString();
  if (link === undefined) {
    revokePreviewLinks(deploy.path, { remote: name, at: Math.floor(now.getTime() / 1000) });
    const entry: AuditEntry = {
      at,
      by,
      from,
      scope,
      action: 'revoke-preview',
      version: 'all',
      reason: `every preview link of ${scope} made until ${at}`,
    };
    deploy.appendAudit(entry);
    return {
      output: [
        {
          stream: 'out',
          text: `Revoked every preview link of ${scope} made until ${at}: none opens any more.`,
        },
      ],
      audit: [entry],
    };
  }
  // Checked as the hosts check it (its expiry aside: an expired link may still be ended), so only a link this
  // site made, for this remote, is named in the revocations.
  const verified = verifyPreviewToken(deploy.previewSecret(), tokenOf(link), 0);
  if (!('claim' in verified))
    throw new UsageError(
      'That is not a preview link of this site (give the link as the release printed it, or its token). Nothing changed.',
    );
  const { claim } = verified;
  if (claim.remote !== name)
    throw new UsageError(
      `That link is a preview of ${remotes[claim.remote].folder}, not ${scope}. Nothing changed.`,
    );
  if (!claim.id)
    throw new UsageError(
      `That link was made before links had ids: end it with every other link of ${scope} (pnpm release preview revoke ${scope}). Nothing changed.`,
    );
  revokePreviewLinks(deploy.path, { link: claim.id });
  const entry: AuditEntry = {
    at,
    by,
    from,
    scope,
    action: 'revoke-preview',
    version: claim.version ?? 'dev',
    reason: `link ${claim.id}${claim.by ? ` made by ${claim.by}` : ''}`,
  };
  deploy.appendAudit(entry);
  return {
    output: [
      {
        stream: 'out',
        text: `Revoked the preview link ${claim.id} of ${scope} ${claim.version ?? `(dev server ${claim.dev})`}: it opens no more.`,
      },
    ],
    audit: [entry],
  };
}
