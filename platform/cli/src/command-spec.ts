/**
 * One command of the program as it is declared: its help and refusal, and `add`, which puts it on commander so
 * that --help prints that help and every parse error is put in the command's own words (refusal.ts).
 */
import type { Command, CommanderError } from 'commander';
import { UsageError } from 'platform-kit/cli';
import { fail, parseErrorText, type Refusal } from './refusal.ts';

export interface CommandSpec {
  name: string;
  /** One line, for the program's list of commands. */
  summary: string;
  /** What --help prints: the usage, what it does, arguments and options. */
  help: string;
  examples: readonly string[];
  refusal: Refusal;
}

/** Commander's own error texts would go to stderr beside ours: they are replaced (refusal.ts), not printed. */
export const quiet = { writeErr: () => undefined, outputError: () => undefined };

const helpText = ({ help, examples }: CommandSpec) =>
  `${help}\n\nExamples:\n${examples.map((example) => `  ${example}`).join('\n')}\n`;

export function add(parent: Command, spec: CommandSpec): Command {
  const command: Command = parent
    .command(spec.name)
    .description(spec.summary)
    .helpOption('-h, --help', 'explain the command')
    .configureHelp({ formatHelp: () => helpText(spec) })
    .configureOutput(quiet)
    .exitOverride((error: CommanderError) => {
      const text = parseErrorText(error, command);
      if (text === null) process.exit(0);
      fail(spec.refusal, new UsageError(text));
    });
  return command;
}

/** A command whose arguments go on as typed, to a program that reads its own (Playwright, for test:e2e). */
export const passThrough = (command: Command) =>
  command.allowUnknownOption().allowExcessArguments().argument('[arguments...]');
