import type { Command, CommanderError } from 'commander';
import { UsageError } from 'platform-kit/cli';

/**
 * How a command says no, as it did before it ran on the program: most print the message, their usage line and
 * "(--help explains)"; a few print their whole one-line usage, or the message alone (npm start).
 */
export type Refusal = (message: string) => string;

export const explained =
  (usage: string): Refusal =>
  (message) =>
    `${message}\n${usage.split('\n')[0]}  (--help explains)`;

export const withUsage =
  (usage: string): Refusal =>
  (message) =>
    `${message}\n${usage}`;

/** Refused arguments exit 2, any other error 1 (a refused or failed release, a failed build). */
export function fail(refusal: Refusal, error: unknown): never {
  if (error instanceof UsageError) {
    console.error(refusal(error.message));
    process.exit(2);
  }
  console.error((error as Error).message);
  process.exit(1);
}

/** Runs an action so that its errors end the process as the command's own did. */
export async function runAs(refusal: Refusal, main: () => unknown): Promise<void> {
  try {
    await main();
  } catch (error) {
    fail(refusal, error);
  }
}

/**
 * Commander's parse errors in the words the commands used when Node's parseArgs read them (existing tests and
 * pipelines match on them); null for the outcomes that are not errors (help shown).
 */
export function parseErrorText(error: CommanderError, command: Command): string | null {
  if (error.exitCode === 0) return null;
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  if (error.code === 'commander.unknownOption') {
    // Commander reads --json=1 as an unknown option when --json takes no value; parseArgs said why.
    const [flag, value] = quoted.split('=');
    if (value !== undefined && command.options.some((option) => option.long === flag && option.isBoolean()))
      return `Option '${flag}' does not take an argument`;
    return `Unknown option '${quoted}'.`;
  }
  if (error.code === 'commander.optionMissingArgument')
    return `Option '${quoted.split(' ')[0]} <value>' argument missing`;
  // A value parser's refusal (release-args.ts, argParser): its own message, without commander's preamble.
  if (error.code === 'commander.invalidArgument')
    return error.message.replace(/^error: option '[^']*' argument '.*?' is invalid\. /s, '');
  if (error.code === 'commander.excessArguments')
    return `Unexpected argument "${command.args[command.registeredArguments.length]}".`;
  return error.message.replace(/^error: /, '');
}
