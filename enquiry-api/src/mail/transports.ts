import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { SmtpSettings } from '../runtime/config.ts';

/** Sends mails through the configured SMTP server. */
export interface SmtpSender {
  kind: 'smtp';
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
}

/** Without SMTP: writes each mail as an .eml file into the outbox folder, for a person to send or inspect. */
export interface FolderWriter {
  kind: 'folder';
  folder: string;
  /** Writes the mail and returns the file's path. */
  write(mail: SendMailOptions, id: string): Promise<string>;
  close(): void;
}

export type MailTransport = SmtpSender | FolderWriter;

export function createSmtpSender(settings: SmtpSettings): SmtpSender {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    // Keep the connection open between mails: a burst of enquiries is not a burst of logins.
    pool: true,
    maxConnections: 2,
    ...(settings.user && settings.password ? { auth: { user: settings.user, pass: settings.password } } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    // nodemailer logs message contents at debug level: keep it silent, the API logs what it needs.
    logger: false,
    debug: false,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

export const outboxFolder = (dataDir: string) => join(dataDir, 'outbox');

export function createFolderWriter(dataDir: string): FolderWriter {
  const folder = outboxFolder(dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'folder',
    folder,
    async write(mail, id) {
      const info = await builder.sendMail(mail);
      // A visitor's message: 0700 and 0600 whatever the umask.
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      chmodSync(folder, 0o700);
      const file = join(folder, `${id}.eml`);
      // Write then rename, so a reader of the folder never sees half a mail.
      const temporary = `${file}.tmp`;
      writeFileSync(temporary, info.message as Buffer, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
      return file;
    },
    close: () => builder.close(),
  };
}
