import nodemailer from 'nodemailer';
import type { Ctx } from '../context.ts';
import { outbox } from '../db/schema.ts';
import { enqueue } from '../jobs/queue.ts';

/**
 * Letters: the SMTP transport (`ctx.mail`) and the one door every module sends through (`queueLetter`, an outbox row
 * and its `mail.letter` job). The mail module delivers them (`deliverLetter`) and shows the outbox to staff.
 */

/** A letter as a service hands it in. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe), sent over SMTP. */
  headers?: Record<string, string>;
  /** Sign-in links in the text (recovery, magic, email change…): masked once sent, never shown to other staff. */
  secrets?: string[];
}

/** The SMTP transport (`ctx.mail`): only the `mail.letter` job uses it (`deliverLetter`). */
export interface Mailer {
  readonly configured: boolean;
  /** Sends now; throws when the server refuses or cannot be reached. */
  send(message: Letter): Promise<void>;
  close(): void;
}

export function createMailer(opts: { smtpUrl: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    configured: Boolean(transport),
    async send(message) {
      if (!transport) throw new Error('SMTP_URL is not set');
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers: message.headers,
      });
    },
    close() {
      transport?.close();
    },
  };
}

/** 2 s, 4 s … an hour between tries: the last one about two hours after the first (queue.ts backoff). */
export const LETTER_ATTEMPTS = 12;

/**
 * The one door for letters: the letter is stored in the outbox and its `mail.letter` job queued through `ctx`, so
 * inside the caller's transaction both commit or vanish with the change, and the request never waits for SMTP.
 * The job's payload is the row's id only: the text (and any link in it) lives in the outbox row alone.
 */
export async function queueLetter(ctx: Ctx, letter: Letter): Promise<void> {
  const [{ id }] = await ctx.db
    .insert(outbox)
    .values({
      to: letter.to,
      subject: letter.subject,
      text: letter.text,
      html: letter.html ?? '',
      headers: letter.headers ?? {},
      secrets: (letter.secrets ?? []).filter(Boolean),
      status: 'queued',
    })
    .returning({ id: outbox.id });
  await enqueue(ctx, 'mail.letter', { letterId: id }, { maxAttempts: LETTER_ATTEMPTS });
}
