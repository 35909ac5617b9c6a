/**
 * The njs module as njs 0.7 itself runs it: the bundle (bundle.ts) loaded by the njs CLI, each js_set function
 * called with a request as nginx hands it over, and the answers compared with the project's own functions in
 * Node. A construct that escaped the lowering to ES5, or a built-in njs lacks, fails here with njs's message.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shellHtmlHeaders } from 'deploy-folder/security-headers';
import { bucketCookieValue } from 'federation/bucket';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDeploy, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { bundleNjsModule, type NjsModuleName } from './bundle.ts';
import { njsModel } from './site-model.ts';

const njs = '/usr/bin/njs';
const missing = !toolInstalled('njs');

let site: TestDeploy;
let work: string;

beforeAll(() => {
  if (missing) return;
  site = makeTestDeploy();
  work = mkdtempSync(join(tmpdir(), 'njs-bundle-test-'));
});

afterAll(() => {
  if (site) rmSync(site.deploy, { recursive: true, force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The module as a script the CLI runs (it takes no ES module), printing what each call returns. */
async function runInNjs(
  calls: string,
  name: NjsModuleName = 'site',
  cookie?: string,
  policyCache?: string,
): Promise<string> {
  const bundle = await bundleNjsModule(njsModel(site.deploy, policyCache), name);
  const script = bundle
    .replace(/^import (\w+) from "(fs|crypto)";$/gm, 'var $1 = require("$2");')
    .replace(/^export default (\w+);$/m, 'var site = $1;');
  const request = (cookie: string) =>
    `{ variables: { request_id: "0123456789abcdef0123456789abcdef", agency_https: "" }, headersIn: { Cookie: ${JSON.stringify(cookie)} }, headersOut: {}, args: {} }`;
  const file = join(work, 'site.js');
  writeFileSync(
    file,
    `${script}\n${calls.replaceAll('REQUEST', request(cookie ?? `agency-bucket=${site.canaryVisitor}`))}\n`,
  );
  const result = spawnSync(njs, [file], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout;
}

describe.skipIf(missing)('the njs module in njs 0.7', () => {
  it('gives the bucket cookie and the shell pages’ policy the embedded host gives', async () => {
    const output = await runInNjs(
      ['console.log(site.bucketCookie(REQUEST));', 'console.log(site.shellCsp(REQUEST));'].join('\n'),
    );
    const policy = shellHtmlHeaders(join(site.deploy, 'shell'), join(site.deploy, 'pages'))()[
      'Content-Security-Policy'
    ];
    expect(output).toBe(`${bucketCookieValue(site.canaryVisitor, false)}\n${policy}\n`);
  }, 30_000);

  it('gives a preview browser its preview’s page and map, and a dev preview’s the widened policy', async () => {
    const preview = `agency-preview=${site.token()}; agency-bucket=${site.defaultVisitor}`;
    const output = await runInNjs(
      [
        'var r = REQUEST; r.variables.agency_route_page = "services.html";',
        'console.log(site.routePage(r));',
        'console.log(site.remotesSource(r));',
      ].join('\n'),
      'site',
      preview,
    );
    expect(output).toMatch(
      /^pages\/previews\/[^\n]+\/services\.html\npages\/previews\/[^\n]+\/remotes\.json\n$/,
    );
    const dev = `agency-preview=${site.token({ dev: 'http://localhost:5173' })}`;
    const policy = await runInNjs('console.log(site.shellCsp(REQUEST));', 'site', dev);
    expect(policy).toContain('connect-src');
    expect(policy).toContain('http://localhost:5173 ws://localhost:5173');
  }, 30_000);

  it('keeps each shell policy it builds by its files’ bytes, and builds another when one of them changes', async () => {
    const cache = join(work, 'policy-cache');
    mkdirSync(cache);
    const policyOf = () =>
      shellHtmlHeaders(join(site.deploy, 'shell'), join(site.deploy, 'pages'))()['Content-Security-Policy'];
    const calls = 'console.log(site.shellCsp(REQUEST)); console.log(site.shellCsp(REQUEST));';
    const before = policyOf();
    expect(await runInNjs(calls, 'site', undefined, cache)).toBe(`${before}\n${before}\n`);
    const [kept, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    expect(readFileSync(join(cache, kept as string), 'utf8')).toBe(before);
    const runtime = join(site.deploy, 'shell', 'runtime.json');
    const original = readFileSync(runtime, 'utf8');
    try {
      writeFileSync(runtime, JSON.stringify({ apiUrl: 'https://api.example.org' }));
      const after = policyOf();
      expect(after).not.toBe(before);
      expect(await runInNjs(calls, 'site', undefined, cache)).toBe(`${after}\n${after}\n`);
      expect(readdirSync(cache)).toHaveLength(2);
    } finally {
      writeFileSync(runtime, original);
    }
  }, 30_000);

  it('answers a preview exit from the preview module', async () => {
    const output = await runInNjs(
      'var r = REQUEST; r.sendHeader = function () {}; r.finish = function () {}; site.previewExit(r); console.log(r.status, r.headersOut.Location);',
      'preview',
    );
    expect(output).toBe('303 /\n');
  }, 30_000);
});

describe('the page module', () => {
  // njs 0.7 runs an imported module's top-level code for each request: core-js there cost a page about 4 ms.
  it('carries no core-js, which stays in the preview module', async () => {
    const model = njsModel('/srv/site');
    expect(await bundleNjsModule(model, 'site')).not.toMatch(/core-js/);
    expect(await bundleNjsModule(model, 'preview')).toMatch(/core-js/);
  }, 30_000);
});
