import { messages } from '../../../shared/catalogue.ts';
import { genderOf } from '../../../shared/gender.ts';
import { truncate } from '../../../shared/format.ts';
import type { Ctx } from '../../context.ts';
import { enqueue } from '../../jobs/queue.ts';
import { extract } from '../extract/service.ts';
import * as policy from './policy.ts';
import { queueLetter } from '../../jobs/letters.ts';
import * as q from './queries.ts';
import { settings } from '../users/index.ts';
import { changed, URL_RE } from './present.ts';

// ——— Jobs ———

/** `messenger.preview`: the first link's card through the extract module, then an edit event. */
export async function makePreview(ctx: Ctx, p: { messageId: number }) {
  const row = await q.findMessage(ctx.db, p.messageId);
  const url = row && !row.removed ? URL_RE.exec(row.text)?.[0] : undefined;
  if (!row || !url) return;
  const [result] = await extract(ctx, { id: row.author_id ?? 0, role: 'user' } as never, [url], true);
  if (!result || result.type === 'error') return;
  await q.setPreview(ctx.db, row.id, result);
  await changed(ctx, row.author_id ?? 0, row.id, 'message_edited');
}

/**
 * `messenger.unread` (10 minutes after a message): a web push to each member who still has it unread, and a letter
 * to those who asked for one in their settings. Each person hears once per unread run (`notified_id`).
 */
export async function notifyUnread(ctx: Ctx, p: { chatId: number; messageId: number }) {
  const chat = await q.findChat(ctx.db, p.chatId);
  const latest = chat?.last_message_id ?? p.messageId;
  const row = await q.findMessage(ctx.db, latest);
  if (!chat || !row || row.removed || row.author_id === null) return;
  const targets = await q.unreadRecipients(ctx.db, chat.id, row.id, row.author_id);
  if (!targets.length) return;
  const people = await q.people(
    ctx.db,
    targets.map((t) => t.user_id),
  );
  const authorName = row.author_name ?? '';
  const gender = row.author_name === null ? null : await genderOfUser(ctx, row.author_id, row.author_name);
  const name = chat.type === 'group' ? `${authorName} (${chat.title})` : authorName;
  const body = truncate(row.text || messages.messengerAttachmentOnly, 200);
  const url = `${ctx.config.publicUrl}/messenger?chat=${chat.id}`;
  for (const person of people) {
    if (policy.isBannedNow({ bannedUntil: person.banned_until }, ctx.now())) continue;
    await q.markNotified(ctx.db, chat.id, person.id, row.id);
    await enqueue(ctx, 'push.user', {
      userId: person.id,
      payload: { title: messages.messengerPushTitle(name), body, url, tag: `chat${chat.id}` },
    });
    if (policy.settingsOf(person.settings).email) {
      await queueLetter(ctx, {
        to: person.email,
        subject: messages.messengerMailSubject(authorName, gender),
        text: messages.messengerMailText(name, gender, body, url, `${ctx.config.publicUrl}/settings`),
      });
    }
  }
}

/** How letters speak of a person: the gender they stated, else read from the name. */
async function genderOfUser(ctx: Ctx, id: number, name: string) {
  return genderOf(name, (await settings.profile.read(ctx.db, id)).gender);
}
