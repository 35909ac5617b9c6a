/**
 * A build uploaded with a request (a release or a preview): its source read from the query first (a bad one is
 * refused before the upload is read), then the upload received and checked, its version noted for the audit.
 */
import { Readable } from 'node:stream';
import { contentDigestHeader } from 'build-config/release-protocol';
import type { Context } from 'hono';
import type { RemoteScope } from './operation.ts';
import { sourceQuery, uploadedSource } from './release-source.ts';
import { receiveBuildUpload } from './upload.ts';
import { noteUploadVersion } from './upload-audit.ts';
import type { UploadLimits } from './upload-limits.ts';

export async function receiveRequestUpload(
  c: Context,
  scope: RemoteScope | 'shell',
  { tempRoot, limits }: { tempRoot: string; limits: UploadLimits },
) {
  const source = sourceQuery(c);
  const received = await receiveBuildUpload(c.req.raw.body ?? Readable.from([]), {
    contentLength: c.req.header('content-length') ?? null,
    contentDigest: c.req.header(contentDigestHeader) ?? null,
    contentType: c.req.header('content-type') || null,
    scope,
    tempRoot,
    limits,
  });
  noteUploadVersion(c, received.version);
  return {
    buildDir: received.dir,
    cleanup: received.cleanup,
    source: uploadedSource(received.version, source),
  };
}
