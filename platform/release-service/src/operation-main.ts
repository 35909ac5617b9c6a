/**
 * The child process of one release operation (operation.ts): the request as JSON on stdin, the result as JSON
 * on stdout, alone. What the library prints on its own (the prerender's "Prerender: / shows the fallback …"
 * lines) is what an operator needs to read with the outcome: it goes into the result, after any line of the
 * command's own, as the command on the host printed it; stdout itself carries nothing else.
 */

import { text } from 'node:stream/consumers';
import { format } from 'node:util';
import type { OutputLine } from 'build-config/release-protocol';
import type { OperationRequest } from './operation.ts';

// A change is finished once begun: a stop sent to the whole process group (systemd's default, Ctrl+C in a
// terminal) reaches this process too, and the service waits for it before it exits. Only SIGKILL cuts it short,
// and each of its steps is an atomic rename, so even then the deploy is as it was or as the step left it.
// Set before the release library is loaded (below), which takes a while.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
const printed: OutputLine[] = [];
const keep =
  (stream: OutputLine['stream']) =>
  (...args: unknown[]) => {
    const line = format(...args);
    printed.push({ stream, text: line });
    process.stderr.write(`${line}\n`);
  };
console.log = keep('out');
console.info = keep('out');
console.warn = keep('warn');
console.error = keep('warn');

const { performOperation } = await import('./operation.ts');
const { loadEnvironmentSettings } = await import('site-environments/environment-settings');
const request = JSON.parse(await text(process.stdin)) as OperationRequest;
// The process's entry: the service's environment, which the child inherits, is parsed here once (production's
// and staging's settings) and handed down typed.
const result = await performOperation(request, loadEnvironmentSettings(process.env));
write(JSON.stringify({ ...result, output: [...printed, ...result.output] }), () => process.exit(0));
