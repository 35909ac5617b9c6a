/**
 * Preview links in nginx: opening and leaving a preview, and a dev preview's remote map. A module of its own,
 * imported only by the locations that answer them (config.ts), so its code and the built-ins it needs
 * (bundle.ts) never run for a public page: njs 0.7 runs every imported module's top-level code again for each
 * request.
 */
import {
  devPreviewMap,
  exitAnswer,
  openAnswer,
  type PreviewAnswer,
  sessionPreviewMap,
} from 'deploy-model/preview/answers';
import { checkPreviewToken } from 'deploy-model/preview/verify';
import {
  exists,
  type NjsRequest,
  previewFolderOf,
  readJson,
  readRevocations,
  readSecret,
  secureOf,
  sessionFileOf,
  shellFile,
  signerOf,
  verifiedClaim,
} from './request.ts';

function send(r: NjsRequest, { status, headers, body }: PreviewAnswer) {
  for (const name of Object.keys(headers)) r.headersOut[name] = headers[name];
  if (body) {
    r.return(status, body);
    return;
  }
  r.status = status;
  r.headersOut['Content-Length'] = '0';
  r.sendHeader();
  r.finish();
}

/** js_content: /__preview?token=… */
function previewOpen(r: NjsRequest) {
  const token = r.args.token;
  const now = Date.now();
  const verified = checkPreviewToken(signerOf(readSecret()), token, now, readRevocations());
  const claim = 'claim' in verified ? verified.claim : undefined;
  const folder = claim ? previewFolderOf(claim) : undefined;
  const pagesOpen = claim?.session
    ? sessionFileOf(claim) !== undefined
    : folder !== undefined && exists(`${folder}/index.html`);
  send(r, openAnswer(verified, { token: token as string, secure: secureOf(r), now, pagesOpen }));
}

/** js_content: /__preview/exit */
function previewExit(r: NjsRequest) {
  send(r, exitAnswer(secureOf(r)));
}

/**
 * js_content: a dev preview's remotes.json (the live map with the remote on the dev server), or a session's (the
 * live map with the session's versions).
 */
function devRemoteMap(r: NjsRequest) {
  const claim = verifiedClaim(r);
  const live = readJson(shellFile('remotes.json'));
  const session = sessionFileOf(claim);
  const sessionMap = session && live !== null ? sessionPreviewMap(live, readJson(session)) : undefined;
  if (sessionMap) {
    r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
    r.return(200, sessionMap);
    return;
  }
  if (!claim?.dev || live === null) {
    r.return(404, 'Not found\n');
    return;
  }
  r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
  r.return(200, devPreviewMap(live, { remote: claim.remote, origin: claim.dev }));
}

export default { previewOpen, previewExit, devRemoteMap };
