import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import * as q from './queries.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe); sent over SMTP, not kept in the outbox. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Every letter lands in the outbox table. With SMTP_URL it is also sent (status sent/failed);
 * without, it is kept there and logged so a person running the site on a laptop can read it.
 */
export function createMailer(opts: { db: Db; smtpUrl: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      let status: 'kept' | 'sent' | 'failed' = 'kept';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, ...message });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = (err as Error).message;
          opts.log.error({ to: message.to, subject: message.subject, err: error }, 'mail delivery failed');
        }
      } else {
        opts.log.info({ to: message.to, subject: message.subject }, `mail kept in the outbox:\n${message.text}`);
      }
      await q.insertLetter(opts.db, { ...message, html: message.html ?? '', status, error });
    },
    close() {
      transport?.close();
    },
  };
}

/** The outbox for staff, newest first. */
export async function listOutbox(db: Db, limit = 50) {
  return q.newestLetters(db, limit);
}
