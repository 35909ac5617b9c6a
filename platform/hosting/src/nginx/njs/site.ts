/**
 * The part of a public page's hosting that nginx's configuration cannot express, as one njs module: the
 * visitor's bucket and its cookie, the page variant, the shell pages' Content-Security-Policy (and a preview
 * browser's page). Every function calls the project's own code (bundled by bundle.ts, lowered to what njs 0.7
 * runs); only the reading of files and of nginx's request is written here (request.ts).
 *
 * njs 0.7 runs the top-level code of every module imported at the http level again for each request (a fresh
 * VM per request), so this module, the only one imported there, imports nothing with top-level work (no
 * polyfills, no schemas): preview links live in preview.ts, imported only where they are answered.
 */
// biome-ignore lint/style/useNodejsImportProtocol: njs names its built-in modules "fs" and "crypto", without node:
import crypto from 'crypto';
import { routePagesIndexName, routePathOf } from 'deploy-model/layout';
import { withDevOrigin } from 'deploy-model/preview/answers';
import { inlineScriptHashesOf, shellPolicy, standalonePolicy } from 'deploy-model/security/policy';
import { parsePageVariants, variantOf, variantsIndexName } from 'deploy-model/variants';
import { bucketCookieValue, bucketIdentifierIn, bucketOf } from 'federation/bucket';
// biome-ignore lint/style/useNodejsImportProtocol: as above
import fs from 'fs';
import {
  exists,
  model,
  type NjsRequest,
  pagesFile,
  parseJson,
  previewFolderOf,
  readJson,
  readText,
  secureOf,
  sessionFileOf,
  shellFile,
  verifiedClaim,
} from './request.ts';

export type { NjsRequest } from './request.ts';

/** The visitor's identifier: the cookie's when valid, else nginx's $request_id (32 random hex digits, the same format). */
const identifierOf = (r: NjsRequest) =>
  bucketIdentifierIn(r.headersIn.Cookie) ?? (r.variables.request_id as string);

function pageVariants() {
  const text = readText(pagesFile(variantsIndexName));
  if (text === undefined) return [];
  try {
    return parsePageVariants(JSON.parse(text));
  } catch {
    // The default pages, always there, are a page for everyone (the embedded host warns once; nginx cannot).
    return [];
  }
}

/**
 * The file (relative to the deploy) a visitor gets for a generated page: a preview's, their bucket's variant,
 * or the default; the shell's bare index.html when the page was not generated.
 */
function pageFor(r: NjsRequest, name: string): string {
  const page = pagesFile(name);
  if (!exists(page)) return shellFile('index.html');
  const claim = verifiedClaim(r);
  // A dev preview's or a session's page is the shell's own, rendered in the browser.
  if ((claim?.dev || sessionFileOf(claim)) && exists(shellFile('index.html'))) return shellFile('index.html');
  const preview = claim ? previewFolderOf(claim) : undefined;
  if (preview && exists(`${preview}/index.html`) && exists(`${preview}/${name}`)) return `${preview}/${name}`;
  const variant = variantOf(pageVariants(), bucketOf(identifierOf(r)));
  const variantPage = variant ? pagesFile(`${variant.dir}/${name}`) : undefined;
  return variantPage && exists(variantPage) ? variantPage : page;
}

/**
 * The page file of the route a request names: from the index the page writer keeps beside the pages (the live
 * shell's routes, a route a shell release added or removed included), else, before any pages were written, from
 * the configuration's map (the routes the deployed shell had when it was written). "" for no route.
 */
function routePageName(r: NjsRequest): string {
  const index = readJson(pagesFile(routePagesIndexName));
  if (index === null || typeof index !== 'object' || typeof r.uri !== 'string')
    return (r.variables.agency_route_page as string | undefined) ?? '';
  const name = (index as Record<string, unknown>)[routePathOf(r.uri)];
  return typeof name === 'string' ? name : '';
}

/**
 * js_set: the file a route's request is answered with, "" for a path that is no route. Only asked for a path
 * that may name one (the configuration's $agency_page_candidate: no dot in it), so files never run it.
 */
function routePage(r: NjsRequest): string {
  const name = routePageName(r);
  return name ? pageFor(r, name) : '';
}

/** js_set: the 404 page, for the visitor's bucket as any page. */
function notFoundPage(r: NjsRequest): string {
  return pageFor(r, model().notFoundPage);
}

/** js_set: the bucket cookie every page renews. */
function bucketCookie(r: NjsRequest): string {
  return bucketCookieValue(identifierOf(r), secureOf(r));
}

/**
 * The shell's HTML policy for the deploy's files as they are now. Building it is most of a page's njs time
 * (about 0.5 ms in njs 0.7), so each policy built is kept in a file named by the SHA-256 of the three files'
 * bytes: any change to them names another file, so the next request sees it, with no reload and nothing for
 * the deploy's writers to do. Where the folder cannot be read or written, the policy is built every time.
 */
function livePolicy(): string {
  const texts = [
    readText(shellFile('remotes.json')),
    readText(shellFile('runtime.json')),
    readText(pagesFile(model().inlineScriptsIndexName)),
  ];
  const cache = model().policyCache;
  const key = crypto
    .createHash('sha256')
    .update(texts.map((text) => (text === undefined ? '\u0000' : `${text.length}:${text}`)).join('\u0000'))
    .digest('hex') as string;
  const file = cache ? `${cache}/${key}` : undefined;
  if (file) {
    try {
      return fs.readFileSync(file, 'utf8') as string;
    } catch {
      // Not built yet for these files.
    }
  }
  const policy = shellPolicy(
    parseJson(texts[0]),
    parseJson(texts[1]),
    inlineScriptHashesOf(parseJson(texts[2])),
  );
  if (file) {
    try {
      // Written whole, then renamed: a worker reading at the same time sees no half.
      const partial = `${file}.${Math.random().toString(36).slice(2)}`;
      fs.writeFileSync(partial, policy);
      fs.renameSync(partial, file);
    } catch {
      // Built again next time.
    }
  }
  return policy;
}

/** js_set: the shell's HTML policy, widened for a dev preview's browser alone. */
function shellCsp(r: NjsRequest): string {
  const policy = livePolicy();
  const claim = verifiedClaim(r);
  return claim?.dev ? withDevOrigin(policy, claim.dev) : policy;
}

/** js_set: a remote's standalone page's policy. */
function standaloneCsp(): string {
  return standalonePolicy(readJson(shellFile('runtime.json')));
}

/**
 * js_set: where /remotes.json comes from for this browser: "dev" (made from the live map: a dev preview's or a
 * session's), a preview's map (relative path) or "" (the live one).
 */
function remotesSource(r: NjsRequest): string {
  const claim = verifiedClaim(r);
  if (!claim) return '';
  // A session's map is made, as a dev preview's is, from the live map (preview.ts's devRemoteMap).
  if (sessionFileOf(claim)) return exists(shellFile('remotes.json')) ? 'dev' : '';
  if (claim.dev) return exists(shellFile('remotes.json')) ? 'dev' : '';
  const preview = previewFolderOf(claim);
  return preview && exists(`${preview}/index.html`) && exists(`${preview}/remotes.json`)
    ? `${preview}/remotes.json`
    : '';
}

export default {
  routePage,
  notFoundPage,
  bucketCookie,
  shellCsp,
  standaloneCsp,
  remotesSource,
};
