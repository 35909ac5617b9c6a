/**
 * `pnpm release key`'s usage, which the program's help prints (platform/cli/src/helps.ts). The arguments of every
 * form of pnpm release are read once, by the program (platform/cli/src/release-args.ts), into deploy-model's
 * ReleaseCommand: nothing in this package parses argv.
 */
import { releaseScopes } from 'build-config/release-protocol';

/** `pnpm release key`: the operator's, on the host (releases' key-command.ts runs it). */
export const keyUsage = `Usage: pnpm release key create <scope> [--name <name>]
       pnpm release key list
       pnpm release key revoke <name>

  create   a key for one scope (${releaseScopes.join(', ')}); printed once, on the last line
  list     every key's name, scope, creation and revocation (never the key)
  revoke   the key stops working at once; its name stays taken, so the audit log stays readable`;
