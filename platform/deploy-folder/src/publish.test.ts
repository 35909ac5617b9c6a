import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enquiryApi, originOf } from 'build-config/topology';
import { loadSiteSettings } from 'platform-kit/settings/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureRuntimeConfig, releaseVersion, shellVersion } from './publish.ts';

let build: string;
const manifest = { metaData: { buildInfo: { buildVersion: '1.2.0' } } };

beforeEach(() => {
  build = mkdtempSync(join(tmpdir(), 'publish-test-'));
  writeFileSync(join(build, 'mf-manifest.json'), JSON.stringify(manifest));
});
afterEach(() => rmSync(build, { recursive: true, force: true }));

describe('releaseVersion', () => {
  it('is the package version and a hash, the same for the same build', () => {
    expect(releaseVersion(build)).toMatch(/^1\.2\.0-[0-9a-f]{8}$/);
    expect(releaseVersion(build)).toBe(releaseVersion(build));
  });

  it('changes when only the Node build changed, whose entry has no hash in its name', () => {
    mkdirSync(join(build, 'ssr', 'chunks'), { recursive: true });
    writeFileSync(join(build, 'ssr', 'remoteEntry.js'), 'module.exports = 1;');
    writeFileSync(join(build, 'ssr', 'chunks', 'a.js'), 'exports.a = 1;');
    const first = releaseVersion(build);
    writeFileSync(join(build, 'ssr', 'remoteEntry.js'), 'module.exports = 2;');
    const second = releaseVersion(build);
    expect(second).not.toBe(first);
    // A file moved is a change too, even with the same bytes.
    rmSync(join(build, 'ssr', 'chunks'), { recursive: true });
    mkdirSync(join(build, 'ssr', 'other'));
    writeFileSync(join(build, 'ssr', 'other', 'a.js'), 'exports.a = 1;');
    expect(releaseVersion(build)).not.toBe(second);
  });

  it('a browser-only build is versioned by its manifest alone', () => {
    const withoutNode = releaseVersion(build);
    writeFileSync(join(build, 'other.txt'), 'not part of the version');
    expect(releaseVersion(build)).toBe(withoutNode);
  });
});

describe('shellVersion', () => {
  // The shell's Node build sits beside its browser build (dist-server/ beside dist/).
  const server = () => `${build}-server`;
  afterEach(() => rmSync(server(), { recursive: true, force: true }));
  const shellBuild = () => {
    mkdirSync(join(build, 'static', 'js'), { recursive: true });
    writeFileSync(join(build, 'index.html'), '<!doctype html>');
    writeFileSync(join(build, 'static', 'js', 'index.1234.js'), 'start()');
    mkdirSync(server());
    writeFileSync(join(server(), 'index.js'), 'module.exports = 1;');
  };

  it('is the same for a shell build and that build deployed beside the environment’s files', () => {
    shellBuild();
    const built = shellVersion(build, server());
    expect(built).toMatch(/^1\.2\.0-[0-9a-f]{8}$/);
    const deploy = mkdtempSync(join(tmpdir(), 'publish-test-deploy-'));
    const deployed = join(deploy, 'shell');
    cpSync(build, deployed, { recursive: true });
    for (const file of ['remotes.json', 'runtime.json', 'sitemap.xml', 'robots.txt', 'remotes.json.12.tmp'])
      writeFileSync(join(deployed, file), 'environment');
    cpSync(server(), join(deploy, 'shell-server'), { recursive: true });
    expect(shellVersion(deployed, join(deploy, 'shell-server'))).toBe(built);
    rmSync(deploy, { recursive: true, force: true });
  });

  it('changes when any file of the browser or the Node build changes', () => {
    shellBuild();
    const first = shellVersion(build, server());
    writeFileSync(join(server(), 'index.js'), 'module.exports = 2;');
    const second = shellVersion(build, server());
    expect(second).not.toBe(first);
    writeFileSync(join(build, 'index.html'), '<!doctype html><html>');
    expect(shellVersion(build, server())).not.toBe(second);
  });
});

describe('ensureRuntimeConfig', () => {
  const runtimeFile = () => join(build, 'shell', 'runtime.json');
  const read = () =>
    JSON.parse(readFileSync(runtimeFile(), 'utf8')) as { apiUrl: string; emailjs: { origin: string } };
  const atBase = (base: string) => ({ AGENCY_PORT_BASE: base });
  const siteAt = (base: string) => loadSiteSettings(atBase(base));
  beforeEach(() => mkdirSync(join(build, 'shell')));

  it('writes the embedded defaults, pointing both forms at this start’s enquiry API', () => {
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(true);
    const api = originOf(enquiryApi, atBase('4700'));
    expect(read()).toMatchObject({ apiUrl: api, emailjs: { origin: api } });
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(false);
  });

  it('moves an embedded default written under another port base to this one', () => {
    ensureRuntimeConfig(build, siteAt('3000'));
    expect(read().apiUrl).toBe(originOf(enquiryApi, atBase('3000')));
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(true);
    expect(read()).toMatchObject({
      apiUrl: originOf(enquiryApi, atBase('4700')),
      emailjs: { origin: originOf(enquiryApi, atBase('4700')) },
    });
  });

  it('keeps an operator’s own runtime.json, even one that differs from the default by a single field', () => {
    ensureRuntimeConfig(build, siteAt('3000'));
    const edited = readFileSync(runtimeFile(), 'utf8').replace(
      'local_public_key',
      'public-key-of-the-account',
    );
    writeFileSync(runtimeFile(), edited);
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(false);
    expect(readFileSync(runtimeFile(), 'utf8')).toBe(edited);

    const hosted = `${JSON.stringify({ apiUrl: 'https://api.example.com', emailjs: { origin: 'https://api.example.com', serviceId: 'local_service', templateId: 'local_template', publicKey: 'local_public_key' } }, null, 2)}\n`;
    writeFileSync(runtimeFile(), hosted);
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(false);
    expect(readFileSync(runtimeFile(), 'utf8')).toBe(hosted);

    writeFileSync(runtimeFile(), 'not json');
    expect(ensureRuntimeConfig(build, siteAt('4700'))).toBe(false);
    expect(readFileSync(runtimeFile(), 'utf8')).toBe('not json');
  });
});
