/**
 * The agency's view of the inbox: list, export as CSV or JSON, or the operator's status (counts and the mail
 * queue, which GET /health no longer tells the public). Reads the same data folder as the API
 * (ENQUIRY_DATA_DIR, default .data/enquiry-api) and can run while the API does.
 *   enquiries list   [--kind enquiry|contact] [--since 2025-01-31] [--undelivered]
 *   enquiries export [--format csv|json] [--kind enquiry|contact|subscribers] [--since …] [--undelivered] [--out file]
 *   enquiries status [--format json]
 *   enquiries backup --out DIR [--keep N]   (SQLite's online backup, while the API runs)
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirFrom, operatorFolder } from '../runtime/config.ts';
import { BackupError, backupDatabase } from '../store/backup.ts';
import { openDatabaseReadOnly } from '../store/database.ts';
import { InboxReader, type MessageKind, type StoredMessage, type Subscriber } from '../store/inbox.ts';
import { toCsv } from './csv.ts';

const usage = `usage:
  enquiries list   [--kind enquiry|contact] [--since DATE] [--undelivered]
  enquiries export [--format csv|json] [--kind enquiry|contact|subscribers] [--since DATE] [--undelivered] [--out FILE]
  enquiries status [--format json]      counts and the mail queue
  enquiries backup --out DIR [--keep N] a checked copy of the database into DIR, keeping the newest N (default 7)
Reads ENQUIRY_DATA_DIR (default .data/enquiry-api).`;

const messageColumns = [
  'id',
  'kind',
  'receivedAt',
  'name',
  'email',
  'business',
  'phone',
  'service',
  'message',
  'deliveredAt',
  'attempts',
  'lastError',
] as const satisfies ReadonlyArray<keyof StoredMessage>;

const subscriberColumns = ['id', 'email', 'subscribedAt'] as const satisfies ReadonlyArray<keyof Subscriber>;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'csv' },
      kind: { type: 'string' },
      since: { type: 'string' },
      undelivered: { type: 'boolean', default: false },
      out: { type: 'string' },
      keep: { type: 'string', default: '7' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command = 'list'] = positionals;
  if (values.help) throw new UsageError('');
  if (!['list', 'export', 'status', 'backup'].includes(command)) {
    throw new UsageError(`Unknown command "${command}".`);
  }
  if (values.format !== 'csv' && values.format !== 'json') {
    throw new UsageError(`--format must be csv or json, got "${values.format}".`);
  }
  const kinds = command === 'export' ? ['enquiry', 'contact', 'subscribers'] : ['enquiry', 'contact'];
  if (values.kind !== undefined && !kinds.includes(values.kind)) {
    throw new UsageError(`--kind must be one of ${kinds.join(', ')}, got "${values.kind}".`);
  }
  if (values.since !== undefined && Number.isNaN(Date.parse(values.since))) {
    throw new UsageError(`--since must be a date such as 2025-01-31, got "${values.since}".`);
  }
  if (command === 'backup' && values.out === undefined) {
    throw new UsageError('backup needs --out, the folder the copies are kept in.');
  }
  const since = values.since === undefined ? undefined : new Date(values.since).toISOString();
  return { command, ...values, since };
}

function listTable(messages: StoredMessage[]): string {
  const rows = messages.map((message) => [
    message.receivedAt.slice(0, 16).replace('T', ' '),
    message.kind,
    message.deliveredAt ? 'delivered' : `waiting (${message.attempts} tries)`,
    message.name,
    message.email,
    message.service || '-',
    message.id,
  ]);
  const header = ['received (UTC)', 'kind', 'mail', 'name', 'email', 'service', 'id'];
  const widths = header.map((title, column) =>
    Math.min(40, Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length))),
  );
  const format = (row: string[]) =>
    row.map((cell, column) => cell.slice(0, widths[column]).padEnd(widths[column] ?? 0)).join('  ');
  const waiting = messages.filter((message) => !message.deliveredAt).length;
  return [
    format(header),
    ...rows.map(format),
    '',
    `${messages.length} messages, ${waiting} not yet delivered`,
  ].join('\n');
}

/** The operator's status: what GET /health once showed to anyone, and the queue of mails still to send. */
function statusReport(reader: InboxReader, format: string): string {
  const counts = reader.counts();
  const queue = reader.queue().map((message) => ({
    id: message.id,
    kind: message.kind,
    receivedAt: message.receivedAt,
    attempts: message.attempts,
    nextAttemptAt: new Date(message.nextAttemptAt).toISOString(),
    lastError: message.lastError,
    outboxFile: message.outboxFile,
  }));
  if (format === 'json') return `${JSON.stringify({ ...counts, queue }, null, 2)}\n`;
  const lines = [
    `messages      ${counts.messages}`,
    `undelivered   ${counts.undelivered}${counts.oldestUndeliveredAt ? ` (oldest received ${counts.oldestUndeliveredAt})` : ''}`,
    `subscribers   ${counts.subscribers}`,
  ];
  if (queue.length > 0) {
    lines.push('', 'mail queue (next attempt, tries, id, last error or outbox file):');
    for (const entry of queue) {
      const note = entry.lastError ?? (entry.outboxFile ? `written to ${entry.outboxFile}` : '');
      lines.push(`  ${entry.nextAttemptAt}  ${entry.attempts}  ${entry.id}  ${note}`.trimEnd());
    }
  }
  return `${lines.join('\n')}\n`;
}

async function backup(out: string, keep: string) {
  // `pnpm enquiries` runs in this package's folder: a relative --out means the folder the operator typed it in.
  const outDir = resolve(operatorFolder(), out);
  const result = await backupDatabase({ dataDir: dataDirFrom(), outDir, keep: Number(keep) });
  console.log(`Backed up ${result.pages} pages to ${result.file} (integrity_check: ok)`);
  for (const old of result.removed) console.log(`Removed ${old} (keeping the newest ${keep})`);
}

async function main(argv: string[]) {
  const options = parse(argv);
  if (options.command === 'backup') return backup(options.out as string, options.keep);
  const reader = new InboxReader(openDatabaseReadOnly(dataDirFrom()));
  const filter = {
    ...(options.kind && options.kind !== 'subscribers' ? { kind: options.kind as MessageKind } : {}),
    ...(options.since ? { since: options.since } : {}),
    undeliveredOnly: options.undelivered,
  };
  let output: string;
  if (options.command === 'status') {
    // Text unless --format json (the shared --format's default, csv, means text here).
    output = statusReport(reader, options.format);
  } else if (options.command === 'list') {
    output = `${listTable(reader.list(filter))}\n`;
  } else if (options.kind === 'subscribers') {
    const subscribers = reader.subscribers(options.since);
    output =
      options.format === 'json'
        ? `${JSON.stringify(subscribers, null, 2)}\n`
        : toCsv(subscribers, subscriberColumns);
  } else {
    const messages = reader
      .list(filter)
      .map((message) =>
        Object.fromEntries(messageColumns.map((column) => [column, message[column]])),
      ) as Array<Pick<StoredMessage, (typeof messageColumns)[number]>>;
    output =
      options.format === 'json' ? `${JSON.stringify(messages, null, 2)}\n` : toCsv(messages, messageColumns);
  }
  if (options.out) {
    writeFileSync(options.out, output);
    console.error(`Wrote ${options.out}`);
  } else {
    process.stdout.write(output);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof BackupError) {
    if (error.message) console.error(error.message);
    console.error(usage);
    process.exit(error.message ? 2 : 0);
  }
  console.error((error as Error).message);
  process.exit(1);
}
