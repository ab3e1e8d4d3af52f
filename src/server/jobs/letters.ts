import { eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/index.ts';
import { outbox } from '../db/schema.ts';
import type { Letter } from '../lib/mailer.ts';
import { enqueue } from './queue.ts';

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

/** The `mail.letter` job's record of a try: sent, kept (no SMTP) or failed, with the masked text once sent. */
export async function setLetterState(db: Db, id: number, set: Partial<typeof outbox.$inferInsert>) {
  await db.update(outbox).set(set).where(eq(outbox.id, id));
}
