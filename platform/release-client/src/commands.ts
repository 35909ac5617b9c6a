/**
 * `pnpm release`'s forms as requests to the release service: the build is made (or taken) here, packed and
 * uploaded; everything that changes what is live happens in the service, which answers with what to print.
 */
import { relative } from 'node:path';
import {
  type CommandReply,
  type ReleaseScope,
  type ReleaseSource,
  releaseRoutes,
} from 'build-config/release-protocol';
import { type RemoteName, remotes } from 'build-config/topology';
import type { ReleaseCommand } from 'deploy-model/release-command';
import { appDist, repoRoot } from 'platform-kit/paths';
import type { ReleaseConnection } from './connection.ts';
import { packBuild } from './pack.ts';
import { callService, printOutput } from './request.ts';

export interface ClientContext {
  connection: ReleaseConnection;
  /** Builds the remote or the shell here (pnpm --filter <folder> build), throwing if the build fails. */
  build(name: RemoteName | 'shell'): void;
  out(text: string): void;
  warn(text: string): void;
  /** Where the build comes from (the CI's variables or git: source.ts), asked only by the forms that upload. */
  source(): ReleaseSource;
}

const scopeOf = (name: RemoteName | 'shell'): ReleaseScope =>
  name === 'shell' ? 'shell' : remotes[name].folder;

const query = (entries: Record<string, string | number | boolean | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value !== undefined && value !== false) params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Sent with every upload as `commit`, `ref` and `author`: the service stores them with the version. */
const sourceOf = (context: ClientContext): ReleaseSource => context.source();

/** The folder to upload: the given build, or the one just built here (the shell's holds dist/ and dist-server/). */
async function packFor(name: RemoteName | 'shell', buildDir: string | undefined, context: ClientContext) {
  if (!buildDir) context.build(name);
  const folder = buildDir ?? (name === 'shell' ? `${repoRoot}/shell` : appDist(remotes[name].folder));
  context.out(
    `Uploading ${relative(process.cwd(), folder) || '.'} to the release service at ${context.connection.url}…`,
  );
  const { archive, digest } = await packBuild(
    folder,
    name === 'shell' ? { include: ['dist', 'dist-server'] } : {},
  );
  return { bytes: archive, digest };
}

async function send(
  context: ClientContext,
  method: 'GET' | 'POST',
  path: string,
  body: Parameters<typeof callService>[3] = {},
) {
  const reply = await callService<CommandReply>(context.connection, method, path, body);
  printOutput(reply, context.out, context.warn);
}

/** Runs one parsed command through the service (all forms but `watch` without --once, which loops on this). */
export async function runThroughService(command: ReleaseCommand, context: ClientContext): Promise<void> {
  switch (command.kind) {
    case 'help':
      return;
    case 'release':
    case 'canary':
    case 'shell': {
      const name = command.kind === 'shell' ? 'shell' : command.name;
      const archive = await packFor(name, command.buildDir, context);
      const percent = command.kind === 'canary' ? command.percent : undefined;
      const rollout = command.kind === 'canary' ? command.rollout : undefined;
      const staged = rollout ? { stages: rollout.stages.join(','), hold: `${rollout.holdSeconds}s` } : {};
      const options = { canary: percent, ...staged, force: command.force, ...sourceOf(context) };
      const path = `${releaseRoutes.release(scopeOf(name))}${query(options)}`;
      return send(context, 'POST', path, { archive });
    }
    case 'promote':
      return send(context, 'POST', releaseRoutes.promote(scopeOf(command.name)));
    case 'promote-to-production': {
      const { version, percent, rollout } = command;
      return send(context, 'POST', releaseRoutes.promoteToProduction(scopeOf(command.name)), {
        json: {
          ...(version === undefined ? {} : { version }),
          ...(rollout
            ? { stages: rollout.stages.join(','), hold: `${rollout.holdSeconds}s` }
            : percent === undefined
              ? {}
              : { canary: percent }),
        },
      });
    }
    case 'abort':
      return send(context, 'POST', releaseRoutes.abort(scopeOf(command.name)), {
        json: command.reason === undefined ? {} : { reason: command.reason },
      });
    case 'status': {
      const only = command.names.length === 1 ? remotes[command.names[0] as RemoteName].folder : undefined;
      return send(context, 'GET', `${releaseRoutes.status}${query({ remote: only })}`);
    }
    case 'watch':
      return send(context, 'POST', releaseRoutes.check);
    case 'preview': {
      const archive = await packFor(command.name, command.buildDir, context);
      const options = { hours: command.hours, force: command.force, env: command.env, ...sourceOf(context) };
      return send(context, 'POST', `${releaseRoutes.preview(scopeOf(command.name))}${query(options)}`, {
        archive,
      });
    }
    case 'preview-link':
      return send(context, 'POST', releaseRoutes.preview(scopeOf(command.name)), {
        json: {
          version: command.version,
          ...(command.hours === undefined ? {} : { hours: command.hours }),
          ...(command.env === undefined ? {} : { env: command.env }),
        },
      });
    case 'revoke-preview':
      return send(context, 'POST', releaseRoutes.revokePreviews(scopeOf(command.name)), {
        json: command.link === undefined ? {} : { link: command.link },
      });
  }
}
