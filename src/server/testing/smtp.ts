import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A letter as the local SMTP server got it. */
export interface ReceivedLetter {
  from: string;
  rcpt: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port for tests: every letter lands in `letters`; `refuseNext()` makes it answer
 * the next one with 552 (a full mailbox), as a real server may. `port`: a fixed one (a server coming back).
 */
export async function startSmtpServer(port = 0) {
  const letters: ReceivedLetter[] = [];
  let refuse = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          const err = new Error('Почтовый ящик переполнен') as Error & { responseCode: number };
          err.responseCode = 552;
          return callback(err);
        }
        letters.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`,
    letters,
    refuseNext: () => {
      refuse = true;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
