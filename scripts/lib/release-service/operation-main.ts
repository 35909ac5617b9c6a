/**
 * The child process of one release operation (operation.ts): the request as JSON on stdin, the result as JSON
 * on stdout, alone. Anything the library logs on its own goes to stderr, so it cannot spoil the result.
 */
import { text } from 'node:stream/consumers';
import type { OperationRequest } from './operation.ts';

// A change is finished once begun: a stop sent to the whole process group (systemd's default, Ctrl+C in a
// terminal) reaches this process too, and the service waits for it before it exits. Only SIGKILL cuts it short,
// and each of its steps is an atomic rename, so even then the deploy is as it was or as the step left it.
// Set before the release library is loaded (below), which takes a while.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => {});

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
console.log = console.error;
console.info = console.error;

const { performOperation } = await import('./operation.ts');
const request = JSON.parse(await text(process.stdin)) as OperationRequest;
const result = await performOperation(request);
write(JSON.stringify(result), () => process.exit(0));
