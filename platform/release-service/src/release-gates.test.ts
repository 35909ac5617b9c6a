import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { appDist } from 'platform-kit/paths';
import { publishAll } from 'releases/changes/publish-site';
import { checkRenderGates, RenderGateError, renderGateProblems } from 'releases/release-gates/gates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwingInNode } from '../testing/service.ts';
import { refusalOf } from './operation.ts';

/**
 * The gates against real builds (each app's dist/, as `pnpm build` left it) published into a deploy folder of
 * their own, as the site serves them: the shell's Node build prerenders the pages, Chromium opens the
 * standalone page.
 */
let work: string;
let deploy: string;
const env = { ...process.env, AGENCY_PORT_BASE: '5700' };
const thrown = 'ProcessSection throws in Node (release gates test)';

/** All files of a folder with their bytes, to tell that nothing changed. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path, readFileSync(path).toString('base64')];
      }),
  );

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'release-gates-test-'));
  deploy = join(work, 'deploy');
  publishAll(deploy, loadChangeSettings(env));
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the release gates', () => {
  it('let a build whose every expose renders in Node, in its pages and in Chromium through', () => {
    expect(
      renderGateProblems(deploy, 'mf_portfolio', appDist('mf-portfolio'), loadChangeSettings(env)),
    ).toEqual([]);
  }, 180_000);

  it('refuse a build whose expose throws, naming it and the error in each page and in Node; nothing changes', () => {
    const build = throwingInNode(work, thrown);
    const before = snapshot(deploy);
    let refusal: unknown;
    try {
      checkRenderGates(deploy, 'mf_portfolio', build, { settings: loadChangeSettings(env) });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RenderGateError);
    const { message } = refusal as Error;
    expect(message).toMatch(/^mf-portfolio does not render, so nothing changed:\n/);
    expect(message).toContain(`ProcessSection threw while / was prerendered: ${thrown}`);
    expect(message).toContain(`ProcessSection threw while /about was prerendered: ${thrown}`);
    expect(message).toContain(`ProcessSection threw while rendering in Node: ${thrown}`);
    // PortfolioPage shows ProcessSection (how we work), so it throws too; the other exposes render.
    expect(message).toContain(`PortfolioPage threw while rendering in Node: ${thrown}`);
    expect(message).not.toMatch(/(PortfolioSection|CategoriesPage)[^\n]* (threw|could not)/);
    expect(message).toContain('pass --force');
    // The release service answers it as a build it cannot take as it is.
    expect(refusalOf(refusal)).toEqual({ status: 422, problem: 'render-failed' });
    expect(snapshot(deploy)).toEqual(before);

    // Forced: what it goes ahead despite, for the release's warnings and the audit's reason.
    const forced = checkRenderGates(deploy, 'mf_portfolio', build, {
      settings: loadChangeSettings(env),
      force: true,
    });
    expect(forced).toContain(`ProcessSection threw while rendering in Node: ${thrown}`);
    expect(snapshot(deploy)).toEqual(before);
  }, 240_000);

  it('refuse a build that declares no props, as one built before the gates, and one with no standalone page', () => {
    const old = join(work, 'mf-portfolio-old');
    cpSync(appDist('mf-portfolio'), old, { recursive: true });
    const manifestFile = join(old, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    delete manifest.metaData.exposeProps;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(renderGateProblems(deploy, 'mf_portfolio', old, loadChangeSettings(env))).toEqual([
      'its mf-manifest.json records no declared props (metaData.exposeProps): it was built before the release gates; build it again',
    ]);

    const noPage = join(work, 'mf-portfolio-no-page');
    cpSync(appDist('mf-portfolio'), noPage, { recursive: true });
    rmSync(join(noPage, 'index.html'));
    expect(renderGateProblems(deploy, 'mf_portfolio', noPage, loadChangeSettings(env))).toEqual([
      'its Chromium renders did not run: the build has no standalone page (index.html) to render its exposes in a browser',
    ]);
    expect(readRemoteMapDocument(deploy).microFrontends.mf_portfolio).toHaveLength(1);
  }, 240_000);

  it('are skipped only when the environment turns them off (stand-in builds in tests)', () => {
    const old = join(work, 'stand-in');
    cpSync(appDist('mf-portfolio'), old, { recursive: true });
    rmSync(join(old, 'index.html'));
    expect(
      checkRenderGates(deploy, 'mf_portfolio', old, {
        settings: loadChangeSettings({ ...env, AGENCY_RELEASE_GATES: 'off' }),
      }),
    ).toEqual([]);
    expect(() =>
      checkRenderGates(deploy, 'mf_portfolio', old, { settings: loadChangeSettings(env) }),
    ).toThrow(RenderGateError);
  }, 240_000);
});
