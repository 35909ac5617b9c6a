/**
 * A real SMTP server for the tests, run as its own process on loopback: it requires the AUTH login the API is
 * configured with, parses every mail it accepts and appends it as one JSON line to SMTP_SINK_FILE.
 *   SMTP_SINK_PORT=2525 SMTP_SINK_FILE=/tmp/mails.jsonl SMTP_SINK_USER=u SMTP_SINK_PASSWORD=p tsx smtp-sink.ts
 */
import { appendFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const file = process.env.SMTP_SINK_FILE ?? '';
const user = process.env.SMTP_SINK_USER ?? '';
const password = process.env.SMTP_SINK_PASSWORD ?? '';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  authenticatedAs: string;
  messageId: string;
  enquiryId: string;
  subject: string;
  from: string;
  to: string;
  replyTo: string;
  text: string;
  html: string;
  /** Header names as they arrived, lower-cased. */
  headerNames: string[];
}

const server = new SMTPServer({
  secure: false,
  // No TLS on loopback: the test certificate is not trusted, and the login is checked all the same.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  authOptional: false,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === user && auth.password === password) callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const address = (value: unknown) => (value as { text?: string } | undefined)?.text ?? '';
        const received: ReceivedMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          authenticatedAs: String(session.user ?? ''),
          messageId: mail.messageId ?? '',
          enquiryId: String(mail.headers.get('x-enquiry-id') ?? ''),
          subject: mail.subject ?? '',
          from: address(mail.from),
          to: address(mail.to),
          replyTo: address(mail.replyTo),
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          headerNames: [...mail.headers.keys()],
        };
        appendFileSync(file, `${JSON.stringify(received)}\n`);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

server.listen(port, '127.0.0.1', () => process.stdout.write(`ready ${port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
