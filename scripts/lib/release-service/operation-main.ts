/**
 * The child process of one release operation (operation.ts): the request as JSON on stdin, the result as JSON
 * on stdout, alone. Anything the library logs on its own goes to stderr, so it cannot spoil the result.
 */
import { text } from 'node:stream/consumers';
import { type OperationRequest, performOperation } from './operation.ts';

const write = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
console.log = console.error;
console.info = console.error;

const request = JSON.parse(await text(process.stdin)) as OperationRequest;
const result = await performOperation(request);
write(JSON.stringify(result), () => process.exit(0));
