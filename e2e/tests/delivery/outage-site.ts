import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { join, resolve } from 'node:path';
import { originOf, type RemoteName, remotes, shell } from 'build-config/topology';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { hostSettings } from 'platform-kit/settings/hosts';
import { publishAll } from 'releases/changes/publish-site';
import { releaseBuild, rollbackRemote } from 'releases/changes/release';
import { siteRoots } from 'site-hosting/serve-deploy';
import { handleStatic, startStaticHost } from 'site-hosting/static-host';
import { buildChangedRemote, copyRemoteBuild } from './remote-builds.ts';

/**
 * A production site for the outage matrix, on ports of its own (the suite's base + 60) and its own deploy
 * folder. Each remote is served by its own real static host, which a test can stop (nothing listens: the
 * connection is refused), replace by a server that accepts connections and never answers, or make answer 500
 * for the manifest; releases and rollbacks go through the same code as `pnpm release` / `pnpm rollback`.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const workDir = join(repoRoot, '.data', 'e2e-outage');
const suiteBase = Number(process.env.AGENCY_PORT_BASE ?? '4100');
export const outageEnv: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_PORT_BASE: String(suiteBase + 60),
  AGENCY_DEPLOY_DIR: join(workDir, 'deploy'),
  // Its releases of broken builds go live past the gates on purpose (force): what they would say is not read,
  // and rendering each build first took a minute of the run. The gates have their own tests (release-gates).
  AGENCY_RELEASE_GATES: 'off',
};
export const outageDeploy = join(workDir, 'deploy');
export const outageOrigin = originOf(shell, outageEnv);

type Listening = { kind: 'http'; server: Server } | { kind: 'tcp'; server: TcpServer; sockets: Set<Socket> };

export interface OutageSite {
  /** The remote's real static host, serving its published versions. */
  serve(remote: RemoteName): Promise<void>;
  /** Nothing listens on the remote's port. */
  stop(remote: RemoteName): Promise<void>;
  /** A server that accepts every connection and never answers. */
  hang(remote: RemoteName): Promise<void>;
  /** The real host, except that the remote's manifests answer this status. */
  failManifest(remote: RemoteName, status: number): Promise<void>;
  close(): Promise<void>;
}

function closeListening(listening: Listening | undefined): Promise<void> {
  if (!listening) return Promise.resolve();
  return new Promise((done) => {
    if (listening.kind === 'http') listening.server.closeAllConnections();
    else for (const socket of listening.sockets) socket.destroy();
    listening.server.close(() => done());
  });
}

function listen<S extends Server | TcpServer>(server: S, port: number): Promise<S> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, () => done(server));
  });
}

/**
 * Publishes the current builds into the outage deploy folder and serves it; every remote starts up. Another
 * spec may start such a site of its own: its folder (emptied first) and its environment (AGENCY_PORT_BASE).
 */
export async function startOutageSite(
  own: { folder: string; env: NodeJS.ProcessEnv } = { folder: workDir, env: outageEnv },
): Promise<OutageSite> {
  rmSync(own.folder, { recursive: true, force: true });
  mkdirSync(own.folder, { recursive: true });
  const deploy = join(own.folder, 'deploy');
  publishAll(deploy, loadChangeSettings({ ...own.env, AGENCY_DEPLOY_DIR: deploy }));
  const [shellRoot, ...remoteRoots] = siteRoots(deploy, hostSettings(own.env));
  if (!shellRoot) throw new Error('siteRoots gave no shell');
  const [shellServer] = await startStaticHost([shellRoot]);
  const rootOf = (remote: RemoteName) => {
    const root = remoteRoots.find((candidate) => candidate.dir.endsWith(remotes[remote].folder));
    if (!root) throw new Error(`no static host root for ${remote}`);
    return root;
  };
  const current = new Map<RemoteName, Listening>();
  const replace = async (remote: RemoteName, next?: () => Promise<Listening>) => {
    await closeListening(current.get(remote));
    current.delete(remote);
    if (next) current.set(remote, await next());
  };

  const site: OutageSite = {
    serve: (remote) =>
      replace(remote, async () => {
        const root = rootOf(remote);
        return { kind: 'http', server: await listen(createServer(handleStatic(root)), root.port) };
      }),
    stop: (remote) => replace(remote),
    hang: (remote) =>
      replace(remote, async () => {
        const sockets = new Set<Socket>();
        const server = createTcpServer((socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          // Read and drop whatever comes; answer nothing, ever.
          socket.resume();
        });
        return { kind: 'tcp', server: await listen(server, rootOf(remote).port), sockets };
      }),
    failManifest: (remote, status) =>
      replace(remote, async () => {
        const root = rootOf(remote);
        const serveFile = handleStatic(root);
        const server = createServer((request, response) => {
          if (!request.url?.endsWith('/mf-manifest.json')) return serveFile(request, response);
          response.writeHead(status, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
          response.end('The remote host failed\n');
        });
        return { kind: 'http', server: await listen(server, root.port) };
      }),
    async close() {
      for (const remote of [...current.keys()]) await replace(remote);
      await new Promise<void>((done) => {
        shellServer?.closeAllConnections();
        shellServer?.close(() => done());
      });
    },
  };
  for (const root of remoteRoots) {
    const remote = (Object.keys(remotes) as RemoteName[]).find((name) =>
      root.dir.endsWith(remotes[name].folder),
    );
    if (remote) await site.serve(remote);
  }
  return site;
}

/** Moves one of the live version's files away (the manifest then points at a missing chunk); returns the undo. */
export function hideFile(file: string): () => void {
  const hidden = `${file}.hidden`;
  renameSync(file, hidden);
  return () => renameSync(hidden, file);
}

/** Releases a build into the outage site as `pnpm release --force` does; returns the way back. */
export function releaseVariant(remote: RemoteName, buildDir: string): () => void {
  const { previous } = releaseBuild(outageDeploy, remote, {
    buildDir,
    settings: loadChangeSettings(outageEnv),
    force: true,
  });
  return () => {
    rollbackRemote(outageDeploy, remote, {
      settings: loadChangeSettings(outageEnv),
      version: previous,
      force: true,
    });
  };
}

/** A copy of the remote's build whose manifest requires React 18: every shell check refuses it. */
export function incompatibleBuild(remote: RemoteName): string {
  return copyRemoteBuild(remote, join(workDir, `${remote}-react18`), (manifest) => {
    const shared = manifest.shared as { name: string; requiredVersion: string }[];
    const react = shared.find((entry) => entry.name === 'react');
    if (!react) throw new Error(`${remote}'s build shares no react`);
    react.requiredVersion = '^18.3.1';
  });
}

/**
 * Builds the remote with one exposed component that throws while rendering in a browser (Node renders it as
 * usual, so its page is prerendered).
 */
export function throwingBuild(remote: RemoteName, expose: string): string {
  return buildChangedRemote(remote, join(workDir, `${remote}-throws`), outageEnv, (copy) => {
    // The copy exposes a wrapper in place of the module its src/exposes.ts names for this expose.
    const declarations = join(copy, 'src', 'exposes.ts');
    const source = readFileSync(declarations, 'utf8');
    const file = new RegExp(`\\b${expose}: \\{\\s*file: '([^']+)'`).exec(source)?.[1];
    if (!file) throw new Error(`${remote}'s src/exposes.ts declares no ${expose}`);
    const wrapper = `./${expose}.throws.tsx`;
    writeFileSync(declarations, source.replaceAll(`'${file}'`, `'${wrapper}'`));
    writeFileSync(
      join(copy, 'src', wrapper),
      [
        "import type { ComponentProps } from 'react';",
        `import { ${expose} as Released } from '${file}';`,
        '',
        `export function ${expose}(props: ComponentProps<typeof Released>) {`,
        `  if (typeof window !== 'undefined') throw new Error('${expose} throws while rendering (outage test)');`,
        '  return <Released {...props} />;',
        '}',
        '',
      ].join('\n'),
    );
  });
}
