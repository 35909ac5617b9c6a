/**
 * The one program behind the root package.json scripts (`tsx platform/cli/src/main.ts <command>`): each command
 * a few lines that hand its arguments to the module that does the work. Commander parses the options, answers
 * --help and -h, and refuses unknown commands and options; its refusals are put in the words each command used
 * before (refusal.ts), so exit codes and messages stay as they were.
 */
import { portBase } from 'build-config/topology';
import { Command, type CommanderError } from 'commander';
import { UsageError } from 'platform-kit/cli';
import { hostsUsage } from 'site-bench/hosts-options';
import { usage as benchUsage } from 'site-bench/options';
import { benchOptionsFrom, hostsOptionsFrom, withBenchOptions, withHostsOptions } from './bench-args.ts';
import { add, passThrough, quiet } from './command-spec.ts';
import {
  affectedUsage,
  checkContractsUsage,
  devUsage,
  helps,
  nginxConfigUsage,
  servicePortsBehindNginx,
  startFlags,
  testE2eUsage,
  testUsage,
} from './helps.ts';
import type { NginxConfigOptions } from './nginx-config.ts';
import { explained, fail, runAs, withUsage } from './refusal.ts';
import { addRelease, addRollback } from './release-program.ts';
import type { StartOptions } from './start.ts';

// Each action loads its command's module when it runs: `pnpm affected` need not load Lighthouse or a server,
// and --help or a refusal loads none.

const programUsage = 'Usage: pnpm <command> [arguments]';

export function buildProgram(): Command {
  const program = programRoot();
  addServeCommands(program);
  addRelease(program, add);
  addRollback(program, add);
  addToolCommands(program);
  addBenchCommands(program);
  return program;
}

/** The program itself: its help, and its refusals of an unknown command or option. */
function programRoot(): Command {
  const program = new Command('pnpm')
    .usage('<command> [arguments]')
    .description(
      "The site's commands: serve and test it, release and roll back its apps, and its tools.\n" +
        'Each is a root package.json script: npm start, npm test, pnpm <command>. pnpm <command> --help explains one.',
    )
    .helpOption('-h, --help', 'list the commands')
    .helpCommand(false)
    // A command's options are its own, and a form's its own (release-args.ts): parsed after the word that names it.
    .enablePositionalOptions()
    .configureOutput(quiet)
    .addHelpText(
      'after',
      `\nExamples:\n  npm start\n  pnpm release mf-portfolio --canary 10\n  pnpm release --help\n`,
    )
    .exitOverride((error: CommanderError) => {
      if (error.exitCode === 0 && error.code !== 'commander.help') process.exit(0);
      const names = program.commands.map((command) => command.name()).join(', ');
      const unknown = /'([^']+)'/.exec(error.message)?.[1];
      const message =
        error.code === 'commander.unknownCommand'
          ? `Unknown command "${unknown}". Choose one of: ${names}.`
          : error.code === 'commander.unknownOption'
            ? `Unknown option '${unknown}'.`
            : `Name a command: one of ${names}.`;
      fail(explained(programUsage), new UsageError(message));
    });
  return program;
}

/** npm start, npm test, pnpm test:e2e and pnpm dev. */
function addServeCommands(program: Command) {
  add(program, {
    name: 'start',
    summary: 'serve the deploy folder and the API (npm start); build and publish into an empty one',
    ...helps.start,
    examples: ['npm start', 'npm start -- --publish', 'pnpm serve --nginx'],
    // npm start named every argument it did not take, with no usage line.
    refusal: (message) => message,
  })
    .option(
      '--publish',
      'build and publish the builds for everyone, even into a live deploy (release log: start --publish)',
    )
    .option('--no-build', 'publish the builds already in dist/ instead of building (pnpm serve passes it)')
    .option(
      '--nginx',
      "serve the same ports with Debian's nginx (installed with apt when missing, as root), the API and the release service behind it",
    )
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[arguments...]')
    .action((unknown: string[], options: StartOptions) => {
      if (unknown.length > 0) {
        console.error(`Unknown argument ${unknown.join(' ')}; start takes ${startFlags.join(', ')} only.`);
        process.exit(2);
      }
      return import('./start.ts').then(({ start }) => start(options));
    });

  add(program, {
    name: 'test',
    summary: 'every check, one summary line (npm test)',
    ...helps.test,
    examples: ['npm test', 'npm test -- --raise-floor'],
    refusal: withUsage(testUsage),
  })
    .option('--raise-floor', "after a green run, raise test-floor.json to this run's counts")
    .action(async (options: { raiseFloor?: boolean }) => (await import('./test.ts')).test(options));

  const e2e = add(program, {
    name: 'test:e2e',
    summary: "the Playwright suite; --remote: one remote's specs and the smoke",
    usage: testE2eUsage,
    examples: [
      'pnpm test:e2e --remote mf-portfolio',
      'pnpm test:e2e tests/delivery/release-service.spec.ts --project delivery',
      'pnpm test:e2e --fail-fast --project desktop',
    ],
    refusal: explained(testE2eUsage),
  });
  // --help goes on to Playwright too, which explains its own options after this text.
  passThrough(e2e.helpOption(false)).action(() =>
    runAs(explained(testE2eUsage), async () => (await import('./test-e2e.ts')).testE2e(e2e.args)),
  );

  add(program, {
    name: 'dev',
    summary: 'the dev servers, or one app alone, or one remote inside a running site (--against)',
    ...helps.dev,
    examples: [
      'pnpm dev',
      'pnpm dev mf-portfolio',
      'pnpm dev mf-portfolio --against https://www.example.com',
    ],
    refusal: explained(devUsage),
  })
    .argument('[app...]')
    .option(
      '--against <site url>',
      "only that remote's dev server, and a link (printed, and opened here) that makes the browser opening it load the remote from that dev server inside the given site, local or deployed; no other browser. The site's release service signs it: AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a key for that remote), or the service of the site running here.",
    )
    .action((apps: string[], options: { against?: string }) =>
      runAs(explained(devUsage), async () => (await import('./dev.ts')).dev(apps, options)),
    );
}

/** affected, check:contracts and nginx-config. */
function addToolCommands(program: Command) {
  add(program, {
    name: 'affected',
    summary: 'the apps a git range touches: release, check or nothing; the e2e tags to run',
    ...helps.affected,
    examples: ['pnpm affected origin/main...HEAD', 'pnpm --silent affected origin/main...HEAD --json'],
    refusal: explained(affectedUsage),
  })
    .argument('[git-range...]')
    .option('--json', 'one JSON object for pipelines: release, check, suite.run, and why (use pnpm --silent)')
    .action((ranges: string[], options: { json?: boolean }) =>
      runAs(explained(affectedUsage), async () => (await import('./affected.ts')).affected(ranges, options)),
    );

  add(program, {
    name: 'check:contracts',
    summary: "every remote build against the shell's (after pnpm build)",
    ...helps.checkContracts,
    examples: ['pnpm build && pnpm check:contracts'],
    refusal: explained(checkContractsUsage),
  }).action(() =>
    runAs(explained(checkContractsUsage), async () =>
      (await import('./check-contracts.ts')).checkContracts(),
    ),
  );

  const nginxOptions = add(program, {
    name: 'nginx-config',
    summary: "nginx's configuration and njs module for a deploy, checked with nginx -t",
    ...helps.nginxConfig,
    examples: [
      'pnpm nginx-config --out /etc/nginx/agency/nginx.conf --deploy /srv/agency/deploy --services',
      'pnpm nginx-config --out site.conf --trust-proxy-from 203.0.113.0/24 --trust-proxy-from 2001:db8::/32',
    ],
    refusal: explained(nginxConfigUsage),
  })
    .argument('[arguments...]')
    .option('--out <file>', 'where to write the configuration (site.js beside it)')
    .option('--deploy <dir>', 'the deploy folder (default: AGENCY_DEPLOY_DIR, else deploy/)')
    .option(
      '--services',
      `also listen on the enquiry API's and the release service's ports and pass their requests to them on loopback at ports ${servicePortsBehindNginx(portBase(process.env)).join(' and ')} (run them there: ENQUIRY_PORT, AGENCY_RELEASE_PORT)`,
    )
    .option(
      '--tls-certificate <pem>',
      'serve https on every port with this certificate (PEM, with --tls-key), with Strict-Transport-Security',
    )
    .option('--tls-key <pem>', "the certificate's key (PEM)")
    .option('--server-name <name>', "the site's host name (server_name); default: any")
    .option(
      '--user <user>',
      "the workers' user when nginx starts as root (default: the deploy folder's owner; it must read the deploy folder)",
    )
    .option(
      '--trust-proxy-from <cidr>',
      "a CDN's or proxy's address or CIDR range whose X-Forwarded-For names the visitor (repeat for each; default: AGENCY_TRUST_PROXY_FROM, comma-separated)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    );
  nginxOptions.action((positionals: string[], options: NginxConfigOptions) =>
    runAs(explained(nginxConfigUsage), async () =>
      (await import('./nginx-config.ts')).nginxConfig(positionals, options),
    ),
  );
}

/** The bench, the hosts' bench, and the one-off tools (fonts, og-image, the release service alone). */
function addBenchCommands(program: Command) {
  const bench = add(program, {
    name: 'bench',
    summary: 'Lighthouse and the phone profile: the federated site against one bundle',
    ...helps.bench,
    examples: [
      'pnpm bench',
      'pnpm bench --no-build --runs 5 --routes /,/contact',
      'pnpm bench --phone-only --verbose',
    ],
    refusal: withUsage(benchUsage),
  });
  withBenchOptions(bench).action(async () => {
    // Only the options' refusal is the command's (exit 2, with the usage); the bench's own failures end it as
    // they always did.
    const options = (() => {
      try {
        return benchOptionsFrom(bench);
      } catch (error) {
        fail(withUsage(benchUsage), error);
      }
    })();
    const { loadBenchSettings } = await import('site-bench/settings');
    await (await import('site-bench/index')).runBench(options, loadBenchSettings(process.env));
  });

  const hosts = add(program, {
    name: 'bench:hosts',
    summary: 'requests/s and p99 of a page, a chunk and remotes.json: the embedded host against nginx',
    ...helps.benchHosts,
    examples: ['pnpm build && pnpm bench:hosts', 'pnpm bench:hosts --duration 5 --hosts embedded'],
    refusal: explained(hostsUsage),
  });
  withHostsOptions(hosts).action(() =>
    runAs(explained(hostsUsage), async () =>
      (await import('site-bench/hosts')).runHostsBench(
        hostsOptionsFrom(hosts),
        (await import('site-bench/settings')).loadHostsBenchSettings(process.env),
      ),
    ),
  );

  add(program, {
    name: 'fonts',
    summary: "cut the shell's small Inter faces from the committed Latin and latin-ext files",
    ...helps.fonts,
    examples: ['pnpm fonts'],
    refusal: explained(helps.fonts.usage),
  }).action(async () => (await import('./cut-fonts.ts')).cutFonts());

  add(program, {
    name: 'og-image',
    summary: 'render shell/public/og-image.png (1200×630) with headless Chromium',
    ...helps.ogImage,
    examples: ['pnpm og-image'],
    refusal: explained(helps.ogImage.usage),
  }).action(async () => (await import('./generate-og-image.ts')).generateOgImage());

  add(program, {
    name: 'release-service',
    summary: 'the release service alone, for a service manager (npm start runs it beside the site)',
    ...helps.releaseService,
    examples: [
      'pnpm release-service',
      'AGENCY_RELEASE_PORT=3011 node --import tsx platform/cli/src/main.ts release-service',
    ],
    refusal: explained(helps.releaseService.usage),
  }).action(async () => (await import('./release-service.ts')).releaseService());
}

/** Runs the program on the arguments after the script's name, as `pnpm <command> …` hands them over. */
export async function runProgram(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv], { from: 'user' });
}
