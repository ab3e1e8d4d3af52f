import nodemailer from 'nodemailer';
import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import type { JobInfo } from '../../jobs/queue.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import * as q from './queries.ts';

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
  const id = await q.insertLetter(ctx.db, {
    to: letter.to,
    subject: letter.subject,
    text: letter.text,
    html: letter.html ?? '',
    headers: letter.headers ?? {},
    secrets: (letter.secrets ?? []).filter(Boolean),
    status: 'queued',
  });
  await enqueue(ctx, 'mail.letter', { letterId: id }, { maxAttempts: LETTER_ATTEMPTS });
}

const mask = (text: string, secrets: string[]) =>
  secrets.reduce((out, secret) => out.split(secret).join(messages.mailLinkHidden), text);

/**
 * The `mail.letter` job. Without SMTP the letter stays in the outbox whole ('kept': it is how a laptop install reads
 * its mail) and the log prints it. With SMTP it is sent, and the stored copy loses its secret links; a failure is
 * recorded and thrown, so the queue tries again later (the letter goes out when the server is back), until the last
 * try marks it 'failed'. The log never prints the text when SMTP is set.
 */
export async function deliverLetter(ctx: Ctx, letterId: number, job: JobInfo): Promise<void> {
  const row = await q.letterById(ctx.db, letterId);
  if (!row || row.status !== 'queued') return;
  if (!ctx.mail.configured) {
    ctx.log.info({ to: row.to, subject: row.subject }, `mail kept in the outbox:\n${row.text}`);
    await q.setLetterState(ctx.db, row.id, { status: 'kept', error: null });
    return;
  }
  try {
    await ctx.mail.send(row);
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 1000);
    const final = job.attempts >= job.maxAttempts;
    ctx.log.error({ to: row.to, subject: row.subject, err: error, attempt: job.attempts }, 'mail delivery failed');
    await q.setLetterState(ctx.db, row.id, { status: final ? 'failed' : 'queued', error });
    throw err;
  }
  await q.setLetterState(ctx.db, row.id, {
    status: 'sent',
    error: null,
    text: mask(row.text, row.secrets),
    html: mask(row.html, row.secrets),
    secrets: [],
  });
}

/**
 * The outbox for staff, newest first. A sent letter's links are masked in the row itself; a letter not sent yet
 * (or kept, without SMTP) shows its links to the superuser only, so no other staff member can sign in as anyone.
 */
export async function listOutbox(ctx: Ctx, viewer: Pick<UserRow, 'role'>, limit = 50) {
  const whole = viewer.role === 'superuser';
  return (await q.newestLetters(ctx.db, limit)).map(({ secrets, headers: _, ...r }) =>
    whole ? r : { ...r, text: mask(r.text, secrets), html: mask(r.html, secrets) },
  );
}
