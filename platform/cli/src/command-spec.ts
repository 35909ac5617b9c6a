/**
 * One command of the program as it is declared: its help and refusal, and `add`, which puts it on commander so
 * that --help prints that help and every parse error is put in the command's own words (refusal.ts).
 */
import { type Command, type CommanderError, InvalidArgumentError } from 'commander';
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

/**
 * A value parser for commander: its UsageError becomes commander's invalid-argument error, whose text the
 * program puts back in the parser's own words (parseErrorText in refusal.ts).
 */
export function argParser<T>(parse: (raw: string) => T): (raw: string) => T {
  return (raw) => {
    try {
      return parse(raw);
    } catch (error) {
      if (error instanceof UsageError) throw new InvalidArgumentError(error.message);
      throw error;
    }
  };
}

/**
 * Reads argv with a command declared as the program declares it, returning what its action builds: for tests,
 * and any caller holding argv. Bad input is a UsageError in the program's words.
 */
export function readArgs<T>(
  command: Command,
  argv: readonly string[],
  build: (args: string[], command: Command) => T,
): T {
  let built: { value: T } | undefined;
  command
    .configureOutput(quiet)
    .exitOverride((error) => {
      throw new UsageError(parseErrorText(error, command) ?? 'help');
    })
    .action((...params: unknown[]) => {
      const self = params.at(-1) as Command;
      built = { value: build(self.args, self) };
    });
  command.parse([...argv], { from: 'user' });
  if (!built) throw new UsageError('Nothing read.');
  return built.value;
}
