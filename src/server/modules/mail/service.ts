import { messages } from '../../../shared/catalogue.ts';
import type { Ctx } from '../../context.ts';
import type { JobInfo } from '../../jobs/queue.ts';
import { setLetterState } from '../../jobs/letters.ts';
import type { UserRow } from '../auth/index.ts';
import * as q from './queries.ts';

export { createMailer, type Letter, type Mailer } from '../../lib/mailer.ts';
export { LETTER_ATTEMPTS, queueLetter } from '../../jobs/letters.ts';

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
    await setLetterState(ctx.db, row.id, { status: 'kept', error: null });
    return;
  }
  try {
    await ctx.mail.send(row);
  } catch (err) {
    const error = String((err as Error)?.message ?? err).slice(0, 1000);
    const final = job.attempts >= job.maxAttempts;
    ctx.log.error({ to: row.to, subject: row.subject, err: error, attempt: job.attempts }, 'mail delivery failed');
    await setLetterState(ctx.db, row.id, { status: final ? 'failed' : 'queued', error });
    throw err;
  }
  await setLetterState(ctx.db, row.id, {
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
