import { messages } from '../../../shared/catalogue.ts';
import type { ComplaintItem } from '../../../shared/messenger.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import * as policy from './policy.ts';
import * as q from './queries.ts';
import { enter, type Viewer } from './access.ts';
import { changed, person, presentMessages } from './present.ts';

// ——— Complaints ———

export async function complain(ctx: Ctx, viewer: Viewer, messageId: number, reason: string) {
  await transaction(ctx, async (ctx) => {
    const message = await q.findMessage(ctx.db, messageId);
    if (!message || message.removed) throw notFound(messages.messageNotFound);
    await enter(ctx, viewer, message.chat_id);
    await q.insertComplaint(ctx.db, messageId, viewer.id, reason.trim(), ctx.now());
  });
  return { message_id: messageId };
}

/** The staff queue: each open complaint with the reported message and five messages either side. */
export async function complaints(ctx: Ctx, staff: Viewer): Promise<{ items: ComplaintItem[] }> {
  policy.assertStaff(staff);
  const open = await q.openComplaints(ctx.db, 50);
  const items: ComplaintItem[] = [];
  for (const c of open) {
    const row = await q.findMessage(ctx.db, c.message_id);
    const chat = row ? await q.findChat(ctx.db, row.chat_id) : undefined;
    const [reporter] = await q.people(ctx.db, [c.reporter_id]);
    if (!row || !chat || !reporter) continue;
    const around = await q.messagesAround(ctx.db, chat.id, row.id, 5);
    const all = await presentMessages(ctx, around, staff.id);
    const message = all.find((m) => m.id === row.id);
    if (!message) continue;
    items.push({
      id: c.id,
      reason: c.reason,
      date: c.created_at.toISOString(),
      reporter: person(reporter.id, reporter.name, reporter.slug, reporter.avatar_url, reporter.avatar_color),
      message,
      context: all.sort((a, b) => a.id - b.id),
      chat: { id: chat.id, type: chat.type, title: chat.title },
    });
  }
  return { items };
}

export async function resolveComplaint(ctx: Ctx, staff: Viewer, id: number, removeMessage: boolean) {
  policy.assertStaff(staff);
  const complaint = await q.findComplaint(ctx.db, id);
  if (!complaint) throw notFound(messages.complaintNotFound);
  await transaction(ctx, async (ctx) => {
    if (removeMessage) await q.removeMessage(ctx.db, complaint.message_id, ctx.now());
    await q.resolveComplaint(ctx.db, id, staff.id, ctx.now());
  });
  if (removeMessage) await changed(ctx, staff.id, complaint.message_id, 'message_removed');
  return { id };
}
